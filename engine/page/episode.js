"use strict";
// An episode page's behaviour (docs/PAGES.md): the runs as tabs on a
// phone, a mark's note shown in the text under its turn when it is
// tapped, clicked or reached, beside it while the mouse is over it, and
// the annotations stepped through from the bar at the top. The bar is
// the only thing that stays on screen, and it holds the tabs and the
// buttons, so nothing is drawn over the turns' text or over the tabs.
(function () {
  var doc = document;
  var root = doc.documentElement;
  root.classList.add("js");
  var bar = doc.getElementById("bar");
  if (!bar) { return; }
  var marks = Array.prototype.slice.call(doc.querySelectorAll("mark[data-note]"));
  var tabs = Array.prototype.slice.call(bar.querySelectorAll("[role=tab]"));
  var where = doc.getElementById("where");
  var tip = doc.getElementById("tip");
  var narrow = window.matchMedia("(max-width: 700px)");
  var at = -1;
  var open = null; // the mark whose note is shown in the text, and that note

  // The bar's height, for the runs' headings that stick under it, and
  // theirs with it, for where a link scrolls to (scroll-padding-top in
  // page.css).
  var head = doc.querySelector(".runs thead");
  function measure() {
    root.style.setProperty("--bar", bar.offsetHeight + "px");
    var stuck = bar.offsetHeight + (head && head.offsetParent !== null ? head.offsetHeight : 0);
    root.style.setProperty("--stuck", stuck + "px");
  }

  function show(col) {
    col = String(col);
    var cells = doc.querySelectorAll(".runs [data-col]");
    for (var i = 0; i < cells.length; i++) {
      cells[i].classList.toggle("shown", cells[i].getAttribute("data-col") === col);
    }
    tabs.forEach(function (b) {
      var on = b.getAttribute("data-col") === col;
      b.setAttribute("aria-selected", on ? "true" : "false");
      b.tabIndex = on ? 0 : -1;
    });
  }
  function shownColumn() {
    var b = bar.querySelector("[role=tab][aria-selected=true]");
    return b ? b.getAttribute("data-col") : "0";
  }
  function columnOf(el) {
    var cell = el.closest("[data-col]");
    return cell ? cell.getAttribute("data-col") : null;
  }
  function noteText(mark) {
    var note = doc.getElementById("n" + mark.getAttribute("data-note"));
    if (!note) { return null; }
    var body = note.cloneNode(true);
    var back = body.querySelector(".back");
    if (back) { back.remove(); }
    return {kind: note.getAttribute("data-kind"), text: body.textContent.trim()};
  }

  // A mark's note in the text: a paragraph under the turn's, pushing
  // what follows down rather than covering it.
  function close() {
    if (!open) { return; }
    open.note.remove();
    open.mark.removeAttribute("aria-describedby");
    open = null;
  }
  function unfold(mark) {
    if (open && open.mark === mark) { return; }
    close();
    var n = noteText(mark);
    if (!n) { return; }
    var note = doc.createElement("p");
    note.className = "inote";
    note.id = "open-note";
    note.setAttribute("data-kind", n.kind);
    note.textContent = n.text;
    note.addEventListener("click", close);
    mark.closest(".said").after(note);
    mark.setAttribute("aria-describedby", note.id);
    open = {mark: mark, note: note};
    tip.hidden = true;
  }

  // A mark's note beside it while the mouse is over it, never above the
  // bar.
  function hover(mark) {
    if (open && open.mark === mark) { return; }
    var n = noteText(mark);
    if (!n) { return; }
    tip.textContent = n.text;
    tip.setAttribute("data-kind", n.kind);
    tip.hidden = false;
    var r = mark.getBoundingClientRect();
    var floor = bar.getBoundingClientRect().bottom + 4;
    var top = r.bottom + 6;
    if (top + tip.offsetHeight > window.innerHeight) { top = Math.max(floor, r.top - tip.offsetHeight - 6); }
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
    unfold(m);
    m.scrollIntoView({block: "center"});
    m.focus({preventScroll: true});
    where.textContent = "annotation " + (at + 1) + " of " + marks.length;
  }

  // A link to a turn (#t12), a run's turn (#t1-12), a mark (#m3) or a
  // note: on a phone the run it is in is shown first, or for a turn the
  // first run that has it when the shown one has not.
  function reach() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && doc.getElementById(id);
    if (!target || !target.closest(".runs")) { return; }
    if (narrow.matches) {
      var col = columnOf(target);
      if (target.matches("tr")) {
        var cell = target.querySelector("td[data-col=\"" + shownColumn() + "\"]");
        if (!cell || !cell.children.length) {
          var said = target.querySelector("td[data-col] .said");
          col = said ? columnOf(said) : null;
        } else {
          col = null;
        }
      }
      if (col !== null) { show(col); }
    }
    target.scrollIntoView({block: "start"});
    if (target.matches("mark")) { unfold(target); }
  }

  // On a phone the runs come first: who was told what folds away.
  var knowledge = doc.querySelector("details.knowledge");
  if (knowledge && narrow.matches) { knowledge.open = false; }
  bar.addEventListener("click", function (e) {
    var b = e.target.closest("button");
    if (!b) { return; }
    if (b.getAttribute("role") === "tab") { close(); show(b.getAttribute("data-col")); }
    else if (b.id === "next") { go(1); }
    else if (b.id === "prev") { go(-1); }
  });
  bar.addEventListener("keydown", function (e) {
    // Arrow keys move between tabs, as in any tab list.
    var i = tabs.indexOf(e.target);
    if (i < 0 || (e.key !== "ArrowRight" && e.key !== "ArrowLeft")) { return; }
    var b = tabs[(i + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length];
    show(b.getAttribute("data-col"));
    b.focus();
    e.preventDefault();
  });
  show(0);
  marks.forEach(function (m, i) {
    m.addEventListener("click", function () { at = i; unfold(m); });
    m.addEventListener("focus", function () { at = i; unfold(m); });
    m.addEventListener("pointerenter", function (e) { if (e.pointerType === "mouse") { hover(m); } });
    m.addEventListener("pointerleave", function () { tip.hidden = true; });
  });
  doc.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    if (e.key === "n" || e.key === "j") { go(1); e.preventDefault(); }
    else if (e.key === "p" || e.key === "k") { go(-1); e.preventDefault(); }
    else if (e.key === "Escape") { tip.hidden = true; close(); }
  });
  window.addEventListener("scroll", function () { tip.hidden = true; }, {passive: true});
  window.addEventListener("resize", measure);
  window.addEventListener("hashchange", reach);
  measure();
  reach();
})();
