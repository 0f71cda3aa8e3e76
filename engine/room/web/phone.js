(() => {
  "use strict";
  // The game's page: it joins (or resumes) over a WebSocket at /play and
  // shows what the server says. Every text from the server is set as
  // text, never as HTML.
  const $ = (id) => document.getElementById(id);
  const store = window.sessionStorage;
  const tokenKey = "omnigap-token";
  const address = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/play";
  let ws = null, seat = null, over = false, tries = 0, streaming = null;

  const el = (tag, text, cls) => {
    const e = document.createElement(tag);
    if (text != null) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  };
  const state = (s) => { document.body.dataset.state = s; };
  const status = (text, cls) => {
    const s = $("status");
    s.textContent = text || "";
    s.className = "status" + (cls ? " " + cls : "");
  };
  const send = (m) => { if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(m)); };

  function connect(first) {
    ws = new WebSocket(address);
    ws.onopen = () => { send(first); };
    ws.onmessage = (e) => {
      let m;
      try { m = JSON.parse(e.data); } catch (_) { return; }
      tries = 0;
      handle(m);
    };
    ws.onclose = (e) => {
      ws = null;
      if (over) return;
      const token = store.getItem(tokenKey);
      if (!token || !seat) {
        if (!$("status").textContent) status(e.reason || "The connection closed: try again.", "bad");
        $("join-button").disabled = false;
        return;
      }
      // A phone that slept, or a network that dropped: the game waits
      // for us, so come back with its token.
      tries++;
      state("away");
      status("Connection lost: coming back…", "warn");
      setTimeout(() => connect({ type: "resume", version: 1, token: token }), Math.min(400 * tries, 5000));
    };
  }

  function handle(m) {
    switch (m.type) {
      case "hello":
        $("code-row").hidden = !m.code;
        break;
      case "seat":
        showSeat(m);
        break;
      case "delta":
        delta(m);
        break;
      case "turn":
        turn(m);
        break;
      case "your_turn":
        state("your-turn");
        status("Your turn.");
        break;
      case "refused":
        $("text").value = m.text || "";
        status(m.reason, m.warning ? "warn" : "bad");
        break;
      case "help": {
        const li = el("li", null, "help");
        for (const mv of m.moves) li.appendChild(el("div", mv.usage + "  " + mv.summary + (mv.ends ? " (" + mv.ends + ")" : "")));
        $("dialogue").appendChild(li);
        li.scrollIntoView({ block: "end" });
        break;
      }
      case "notice":
        status(m.text, "warn");
        $("dialogue").appendChild(el("li", m.text, "notice"));
        break;
      case "ended":
        over = true;
        state("over");
        status("The game is over: " + m.outcome);
        $("say").hidden = true;
        break;
      case "reveal":
        store.removeItem(tokenKey);
        showReveal(m);
        break;
      case "error":
        status(m.message, "bad");
        if (!seat || !seat.token) {
          // No game to come back to: join a new one.
          seat = null;
          store.removeItem(tokenKey);
          $("join").hidden = false;
          $("join-button").disabled = false;
          state("join");
        }
        break;
    }
  }

  function showSeat(m) {
    seat = m;
    store.setItem(tokenKey, m.token);
    $("join").hidden = true;
    $("game").hidden = false;
    $("dialogue").textContent = "";
    streaming = null;
    state("playing");
    status(over ? "" : "Connected. " + m.partner.name + " (" + m.partner.role + ") starts or answers; wait for your turn.");
    $("you").textContent = m.name + " (" + m.role + ")";
    const body = $("side-body");
    body.textContent = "";
    const section = (title, items, list) => {
      if (!items || !items.length) return;
      body.appendChild(el("h2", title));
      if (list) {
        const ul = el("ul");
        for (const i of items) ul.appendChild(el("li", i));
        body.appendChild(ul);
      } else {
        for (const i of items) body.appendChild(el("p", i));
      }
    };
    section("Only you know", m.facts, true);
    section("What you hold", m.holding, false);
    section("Your secret", m.secret ? [m.secret] : [], false);
    section("Your goal", [m.goal], false);
    section("How it ends", m.ends ? [m.ends] : [], false);
    section("You play against", [m.partner.name + " (" + m.partner.role + "), an agent who knows only their own side"], false);
    if (m.welcome) section("Welcome", [m.welcome], false);
    const moves = $("moves");
    moves.textContent = "";
    for (const mv of m.moves) {
      if (!mv.usage.startsWith("/")) continue;
      const b = el("button", mv.usage, null);
      b.type = "button";
      b.title = mv.summary + (mv.ends ? " (" + mv.ends + ")" : "");
      const word = mv.usage.split(" ")[0];
      b.addEventListener("click", () => {
        if (mv.usage.includes(" ")) {
          $("text").value = word + " ";
          $("text").focus();
        } else {
          send({ type: "input", text: word });
        }
      });
      moves.appendChild(b);
    }
  }

  function turnItem(m) {
    const li = el("li", null, m.yours ? "yours" : "theirs");
    li.appendChild(el("span", (m.yours ? "You" : m.speaker) + " · turn " + m.turn, "who"));
    return li;
  }

  function delta(m) {
    if (!streaming || streaming.turn !== m.turn) {
      streaming = { turn: m.turn, li: turnItem(m), text: el("span") };
      streaming.li.classList.add("streaming");
      streaming.li.appendChild(streaming.text);
      $("dialogue").appendChild(streaming.li);
    }
    streaming.text.textContent += m.text;
    streaming.li.scrollIntoView({ block: "end" });
  }

  function turn(m) {
    const li = turnItem(m);
    if (m.move) li.appendChild(el("span", m.move, "move"));
    li.appendChild(el("span", m.text));
    if (streaming && streaming.turn === m.turn) {
      streaming.li.replaceWith(li);
      streaming = null;
    } else {
      $("dialogue").appendChild(li);
    }
    li.scrollIntoView({ block: "end" });
    if (!over) {
      state("playing");
      if (m.yours) status("Sent. Wait for " + seat.partner.name + ".");
    }
  }

  const score = (s) => (s == null ? "" : " · goal completion " + s.toFixed(1) + " / 10");

  function showReveal(m) {
    const r = $("reveal");
    r.textContent = "";
    r.hidden = false;
    r.appendChild(el("h2", "The reveal"));
    r.appendChild(el("p", m.outcome + " (" + m.reason + " after " + m.turns + " turns)" + score(m.score), m.score != null && m.score >= 5 ? "good" : "bad"));
    r.appendChild(el("h2", "What " + m.partner.name + " (" + m.partner.role + ") was told, and you were not"));
    r.appendChild(el("p", m.partner.told));
    r.appendChild(el("h2", "What your turns gave away"));
    if (!m.gave_away.length) {
      r.appendChild(el("p", "Nothing: none of your turns mentioned a private fact."));
    } else {
      const ul = el("ul");
      for (const g of m.gave_away) ul.appendChild(el("li", "turn " + g.turn + " · " + g.what + " · " + g.fact + (g.span ? " · “" + g.span + "”" : "")));
      r.appendChild(ul);
    }
    r.appendChild(el("h2", "The SCRIPT run, same scenario and seed"));
    if (!m.script) {
      r.appendChild(el("p", "It did not end in time."));
    } else {
      const s = m.script;
      r.appendChild(el("p", s.outcome + " (" + s.reason + " after " + s.turns + " turns)" + score(s.score)));
      r.appendChild(el("p", "One writer knew both sides: " + s.leaks + " leaks, " + s.disclosures + " disclosures. Like the agent, you knew only your own side."));
    }
    state("revealed");
    r.scrollIntoView({ block: "start" });
  }

  $("join-form").addEventListener("submit", (e) => {
    e.preventDefault();
    $("join-button").disabled = true;
    status("Joining…");
    connect({ type: "join", version: 1, name: $("name").value, code: $("code").value });
  });
  $("say").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("text").value;
    if (!text.trim()) return;
    $("text").value = "";
    send({ type: "input", text: text });
  });

  state("join");
  const token = store.getItem(tokenKey);
  if (token) {
    // The page was loaded again (a phone that slept): back to the game.
    $("join").hidden = true;
    status("Coming back to your game…");
    seat = { partner: { name: "" } };
    connect({ type: "resume", version: 1, token: token });
  }
})();
