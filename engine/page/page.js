"use strict";
(function () {
  var doc = document;
  doc.documentElement.classList.add("js");
  var marks = Array.prototype.slice.call(doc.querySelectorAll("mark[data-note]"));
  var tip = doc.getElementById("tip");
  var next = doc.getElementById("next");
  var tabs = doc.querySelector(".tabs");
  var narrow = window.matchMedia("(max-width: 700px)");
  var at = -1;
  if (!tip) { return; }

  function show(col) {
    if (!tabs) { return; }
    var cells = doc.querySelectorAll(".runs [data-col]");
    for (var i = 0; i < cells.length; i++) {
      cells[i].classList.toggle("shown", cells[i].getAttribute("data-col") === String(col));
    }
    var buttons = tabs.querySelectorAll("button");
    for (var j = 0; j < buttons.length; j++) {
      buttons[j].setAttribute("aria-selected", buttons[j].getAttribute("data-col") === String(col) ? "true" : "false");
    }
  }
  function columnOf(el) {
    var cell = el.closest("[data-col]");
    return cell ? cell.getAttribute("data-col") : null;
  }
  function explain(mark) {
    var note = doc.getElementById("n" + mark.getAttribute("data-note"));
    if (!note) { return; }
    tip.textContent = "";
    var body = note.cloneNode(true);
    var back = body.querySelector(".back");
    if (back) { back.remove(); }
    tip.textContent = body.textContent.trim();
    tip.setAttribute("data-kind", note.getAttribute("data-kind"));
    tip.hidden = false;
    var r = mark.getBoundingClientRect();
    var top = r.bottom + 6;
    if (top + tip.offsetHeight > window.innerHeight) { top = Math.max(4, r.top - tip.offsetHeight - 6); }
    tip.style.top = top + "px";
    tip.style.left = Math.max(4, Math.min(r.left, window.innerWidth - tip.offsetWidth - 4)) + "px";
  }
  function go(step) {
    if (!marks.length) { return; }
    if (at >= 0) { marks[at].classList.remove("current"); }
    at = (at + step + marks.length) % marks.length;
    var m = marks[at];
    if (narrow.matches) { show(columnOf(m)); }
    m.classList.add("current");
    m.scrollIntoView({block: "center"});
    m.focus({preventScroll: true});
    explain(m);
  }
  // On a phone the runs come first: who was told what folds away.
  var knowledge = doc.querySelector("details.knowledge");
  if (knowledge && narrow.matches) { knowledge.open = false; }
  if (tabs) {
    tabs.hidden = false;
    tabs.addEventListener("click", function (e) {
      var b = e.target.closest("button");
      if (b) { show(b.getAttribute("data-col")); }
    });
    show(0);
  }
  if (marks.length) {
    next.hidden = false;
    next.addEventListener("click", function () { go(1); });
  }
  marks.forEach(function (m, i) {
    m.addEventListener("mouseenter", function () { explain(m); });
    m.addEventListener("mouseleave", function () { if (doc.activeElement !== m) { tip.hidden = true; } });
    m.addEventListener("focus", function () { at = i; explain(m); });
    m.addEventListener("blur", function () { tip.hidden = true; });
  });
  doc.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    if (e.key === "n" || e.key === "j") { go(1); e.preventDefault(); }
    else if (e.key === "p" || e.key === "k") { go(-1); e.preventDefault(); }
    else if (e.key === "Escape") { tip.hidden = true; }
  });
  window.addEventListener("scroll", function () { if (doc.activeElement === null || !doc.activeElement.matches("mark")) { tip.hidden = true; } }, {passive: true});
})();
