"use strict";
// A study page's behaviour (docs/PAGES.md): its index of episodes sorted
// by a click on a column's heading, filtered as `omnigap browse` filters
// (engine/browse's filter language), and the turns of the episodes with a
// page searched, each hit a link to its turn. Without it the index is a
// plain table sorted by the gap.
(function () {
  var doc = document;
  doc.documentElement.classList.add("js");
  var table = doc.querySelector("table.groups");
  if (!table) { return; }
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var tools = doc.querySelector(".index .tools");
  var filter = doc.getElementById("filter");
  var search = doc.getElementById("search");
  var status = doc.getElementById("status");
  var hits = doc.getElementById("hits");
  var turns = JSON.parse(doc.getElementById("turns").textContent || "[]") || [];
  var kept = rows;
  tools.hidden = false;

  function cellOf(row, key) { return row.querySelector("td[data-key=\"" + key + "\"]"); }
  function valueOf(row, key) {
    var c = cellOf(row, key);
    return c && c.hasAttribute("data-v") ? parseFloat(c.getAttribute("data-v")) : null;
  }
  function textOf(row, key) {
    var c = cellOf(row, key);
    return c ? (c.getAttribute("data-t") || "").toLowerCase() : "";
  }
  // Texts compare with their runs of digits as numbers (gen-2 before gen-10).
  function natural(a, b) {
    var re = /(\d+)|(\D+)/g;
    var x = a.match(re) || [], y = b.match(re) || [];
    for (var i = 0; i < Math.min(x.length, y.length); i++) {
      if (x[i] === y[i]) { continue; }
      var nx = /^\d/.test(x[i]), ny = /^\d/.test(y[i]);
      if (nx && ny) { return parseInt(x[i], 10) - parseInt(y[i], 10) || (x[i] < y[i] ? -1 : 1); }
      return x[i] < y[i] ? -1 : 1;
    }
    return x.length - y.length;
  }

  // Sorting: a click on a heading sorts by it, again the other way. A row
  // with nothing in the column comes last either way; ties keep the ids'
  // order.
  var heads = Array.prototype.slice.call(table.querySelectorAll("thead th[data-key]"));
  var sortKey = "gap", desc = true;
  function sort(key, descending) {
    var head = table.querySelector("thead th[data-key=\"" + key + "\"]");
    var numeric = head.hasAttribute("data-numeric");
    var keyed = rows.map(function (row) {
      var v = numeric ? valueOf(row, key) : textOf(row, key);
      return {row: row, v: v, has: numeric ? v !== null : v !== ""};
    });
    keyed.sort(function (a, b) {
      if (a.has !== b.has) { return a.has ? -1 : 1; }
      var n = 0;
      if (a.has) { n = numeric ? a.v - b.v : natural(a.v, b.v); if (descending) { n = -n; } }
      return n || natural(a.row.getAttribute("data-id"), b.row.getAttribute("data-id"));
    });
    keyed.forEach(function (k) { body.appendChild(k.row); });
    rows = keyed.map(function (k) { return k.row; });
    heads.forEach(function (h) {
      if (h.getAttribute("data-key") === key) { h.setAttribute("aria-sort", descending ? "descending" : "ascending"); }
      else { h.removeAttribute("aria-sort"); }
    });
    sortKey = key; desc = descending;
  }
  heads.forEach(function (h) {
    var b = doc.createElement("button");
    b.type = "button";
    b.className = "sort";
    while (h.firstChild) { b.appendChild(h.firstChild); }
    h.appendChild(b);
    b.addEventListener("click", function () {
      var key = h.getAttribute("data-key");
      sort(key, key === sortKey ? !desc : h.hasAttribute("data-numeric"));
    });
  });

  // The filter language of engine/browse: words, KEY:VALUE, FIELD OP
  // NUMBER, "quoted phrases", -TERM for not.
  var fields = ["turns", "goal", "leaks", "mind-reads", "guesses", "disclosures"];
  var modes = ["script", "agents", "mindreaders", "humans", "people"];
  function split(s) {
    var out = [], b = "", quoted = false, open = false;
    for (var i = 0; i < s.length; i++) {
      var c = s[i];
      if (c === "\"") { quoted = !quoted; open = true; }
      else if (c === " " && !quoted) { if (open) { out.push(b); } b = ""; open = false; }
      else { b += c; open = true; }
    }
    if (quoted) { throw new Error("a quote is not closed"); }
    if (open) { out.push(b); }
    return out;
  }
  function has(row, attr, value) { return (row.getAttribute(attr) || "").indexOf(value) >= 0; }
  function term(w) {
    var ops = [">=", "<=", "!=", ">", "<", "="];
    for (var i = 0; i < ops.length; i++) {
      var at = w.indexOf(ops[i]);
      if (at > 0 && w.slice(0, at).indexOf(":") < 0) { return comparison(w.slice(0, at).toLowerCase(), ops[i], w.slice(at + ops[i].length)); }
    }
    var colon = w.indexOf(":");
    if (colon < 0) { var lw = w.toLowerCase(); return function (row) { return has(row, "data-words", lw); }; }
    var key = w.slice(0, colon).toLowerCase(), value = w.slice(colon + 1).toLowerCase();
    switch (key) {
    case "family": return function (row) { return has(row, "data-family", value); };
    case "mode": return function (row) { return (" " + row.getAttribute("data-modes") + " ").indexOf(" " + value + " ") >= 0; };
    case "model": return function (row) { return has(row, "data-models", value); };
    case "ended": return function (row) { return has(row, "data-endings", value); };
    case "kind":
      value = value.replace(/ /g, "-");
      if (["leak", "mind-read", "guess", "disclosure"].indexOf(value) < 0) { throw new Error("kind:" + value + " is no annotation kind (leak, mind-read, guess, disclosure)"); }
      return function (row) { return (" " + row.getAttribute("data-kinds") + " ").indexOf(" " + value + " ") >= 0; };
    }
    throw new Error(key + ": is not a filter (family:, mode:, model:, kind:, ended:; or quote the words)");
  }
  function comparison(field, op, num) {
    var n = Number(num);
    if (num === "" || isNaN(n)) { throw new Error(field + op + num + ": " + JSON.stringify(num) + " is not a number"); }
    var holds = function (v) {
      if (v === null) { return false; }
      switch (op) {
      case ">=": return v >= n;
      case "<=": return v <= n;
      case ">": return v > n;
      case "<": return v < n;
      case "=": return v === n;
      }
      return v !== n;
    };
    if (field === "gap") { return function (row) { return holds(valueOf(row, "gap")); }; }
    var dot = field.indexOf("."), mode = dot < 0 ? "" : field.slice(0, dot), name = dot < 0 ? field : field.slice(dot + 1);
    if (mode && modes.indexOf(mode) < 0) { throw new Error(field + ": " + mode + " is no mode (" + modes.join(", ") + ")"); }
    if (fields.indexOf(name) < 0) { throw new Error(name + " is no number to compare (gap, " + fields.join(", ") + ")"); }
    return function (row) {
      var cells = row.querySelectorAll("td[data-v]");
      for (var i = 0; i < cells.length; i++) {
        var k = cells[i].getAttribute("data-key");
        if (mode ? k === mode + "." + name : k.slice(k.indexOf(".") + 1) === name && k.indexOf(".") > 0) {
          if (holds(parseFloat(cells[i].getAttribute("data-v")))) { return true; }
        }
      }
      return false;
    };
  }
  function applyFilter() {
    var tests;
    try {
      tests = split(filter.value).map(function (w) {
        var not = w.length > 1 && w[0] === "-";
        var t = term(not ? w.slice(1) : w);
        return function (row) { return t(row) !== not; };
      });
    } catch (e) {
      say("filter: " + e.message);
      return;
    }
    kept = rows.filter(function (row) {
      var ok = tests.every(function (t) { return t(row); });
      row.hidden = !ok;
      return ok;
    });
    say(kept.length + " of " + rows.length + " episodes shown");
    if (search.value) { find(); }
  }
  function say(s) { status.textContent = s; }

  // The search: every turn of the episodes kept that holds the words,
  // without case; the first 100 listed, each a link to its turn.
  function find() {
    while (hits.firstChild) { hits.removeChild(hits.firstChild); }
    var q = search.value.trim();
    if (q.length < 2) { if (!q) { say(kept.length + " of " + rows.length + " episodes shown"); } return; }
    var shown = {};
    kept.forEach(function (row) { shown[row.getAttribute("data-n")] = row; });
    var re = new RegExp(q.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i");
    var count = 0;
    turns.forEach(function (t) {
      var row = shown[t[0]];
      if (!row) { return; }
      var m = re.exec(t[5]);
      if (!m) { return; }
      count++;
      if (count > 100) { return; }
      var li = doc.createElement("li");
      var a = doc.createElement("a");
      a.href = row.getAttribute("data-href") + "#t" + t[1] + "-" + t[2];
      a.textContent = row.getAttribute("data-id") + " · " + t[3] + " turn " + t[2];
      var said = doc.createElement("span");
      var from = Math.max(0, m.index - 80), to = Math.min(t[5].length, m.index + m[0].length + 80);
      said.appendChild(doc.createTextNode(" " + t[4] + ": " + (from > 0 ? "…" : "") + t[5].slice(from, m.index)));
      var mark = doc.createElement("mark");
      mark.textContent = m[0];
      said.appendChild(mark);
      said.appendChild(doc.createTextNode(t[5].slice(m.index + m[0].length, to) + (to < t[5].length ? "…" : "")));
      li.appendChild(a);
      li.appendChild(said);
      hits.appendChild(li);
    });
    say(count + " turn" + (count === 1 ? "" : "s") + " hold “" + q + "”" + (count > 100 ? ", the first 100 listed" : "") + ", in " + kept.length + " of " + rows.length + " episodes");
  }
  filter.addEventListener("input", applyFilter);
  search.addEventListener("input", find);
  say(rows.length + " episodes");
})();
