(() => {
  "use strict";
  // The stage reads the room's standing again every two seconds and
  // shows it as text, never as HTML.
  const $ = (id) => document.getElementById(id);
  const state = location.pathname.replace(/\/$/, "") + "/state";
  const el = (tag, text) => { const e = document.createElement(tag); e.textContent = text; return e; };

  function show(s) {
    $("counts").textContent = s.lines.join(" · ");
    $("players").textContent = s.players.length ? "Playing now: " + s.players.map((p) => p.name + " (turn " + p.turn + ")").join(" · ") : "";
    const heads = $("heads");
    heads.textContent = "";
    heads.appendChild(el("th", ""));
    for (const h of s.heads) heads.appendChild(el("th", h));
    const rows = $("rows");
    rows.textContent = "";
    for (const r of s.rows) {
      const tr = document.createElement("tr");
      tr.appendChild(el("td", r.label));
      for (const c of r.cells) tr.appendChild(el("td", c));
      rows.appendChild(tr);
    }
    const notes = $("notes");
    notes.textContent = "";
    for (const n of s.notes) notes.appendChild(el("li", n));
    document.body.dataset.games = String(s.started);
  }

  async function poll() {
    try {
      const r = await fetch(state, { cache: "no-store" });
      if (r.ok) show(await r.json());
    } catch (_) {
      // The server is gone or busy: the last standing stays.
    }
    setTimeout(poll, 2000);
  }
  poll();
})();
