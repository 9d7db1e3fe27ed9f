// gumshoe web sheet. Everything the page shows comes from the server's
// JSON (docs/web.md); no game is known here by name.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const body = document.body;

  // Theme: the system's, or the one chosen with the button (kept).
  const root = document.documentElement;
  const saved = localStorage.getItem("gumshoe-theme");
  if (saved) root.dataset.theme = saved;
  $("theme").addEventListener("click", () => {
    const dark = root.dataset.theme ? root.dataset.theme === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
    root.dataset.theme = dark ? "light" : "dark";
    localStorage.setItem("gumshoe-theme", root.dataset.theme);
  });

  async function api(method, path, data) {
    const opt = { method, headers: {} };
    if (data !== undefined) {
      opt.headers["Content-Type"] = "application/json";
      opt.body = JSON.stringify(data);
    }
    const r = await fetch(path, opt);
    let doc = null;
    try { doc = await r.json(); } catch (e) { doc = { error: { kind: "request", message: "bad reply (" + r.status + ")" } }; }
    return { status: r.status, doc };
  }

  function el(tag, props, ...kids) {
    const e = document.createElement(tag);
    if (props) for (const k in props) {
      if (k === "class") e.className = props[k];
      else if (k === "text") e.textContent = props[k];
      else if (k.startsWith("data-") || k.startsWith("aria-")) e.setAttribute(k, props[k]);
      else e[k] = props[k];
    }
    for (const c of kids) if (c != null) e.append(c);
    return e;
  }

  // splitAtColumn splits a refused line at an error's 1-based column,
  // which counts characters as a player sees them (grapheme clusters: an
  // accent is part of its letter, written precomposed or combining), and
  // past the line's end one column a byte (docs/contract.md, "Error
  // columns"): the text before, the character at the column (a space past
  // the end) and the rest.
  function splitAtColumn(text, col) {
    const chars = typeof Intl !== "undefined" && Intl.Segmenter
      ? Array.from(new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text), (s) => s.segment)
      : Array.from(text);
    const i = Math.max(0, col - 1);
    if (i >= chars.length) return [text, " ", ""];
    return [chars.slice(0, i).join(""), chars[i], chars.slice(i + 1).join("")];
  }
  window.gumshoeSplitAtColumn = splitAtColumn; // for the page's tests

  if (body.dataset.view === "start") startPage(); else sheetPage(body.dataset.id);

  // ---- the start page: a new game, open games, saved logs, puzzles ----
  async function startPage() {
    const { doc } = await api("GET", "/api/games");
    const sel = $("ng-game");
    for (const g of doc.games) sel.append(el("option", { value: g.name, text: g.title }));
    const pz = $("pz-game");
    for (const n of doc.puzzle_games) pz.append(el("option", { value: n, text: (doc.games.find((g) => g.name === n) || { title: n }).title }));
    if (!doc.puzzle_games.length) $("puzzlebox").hidden = true;
    const questions = () => {
      const g = doc.games.find((x) => x.name === sel.value);
      const box = $("ng-questions");
      box.textContent = "";
      if (!g.setup) return;
      for (const q of g.questions) {
        box.append(el("label", null, q.text, el("input", { type: "text", name: q.field, id: "ng-" + q.field, autocapitalize: "off", spellcheck: false })));
      }
    };
    const want = new URLSearchParams(location.search).get("game");
    if (want && doc.games.some((g) => g.name === want)) sel.value = want;
    sel.addEventListener("change", questions);
    questions();
    $("newgame").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const req = { game: sel.value, example: $("ng-example").checked, setup: $("ng-setup").value.split("\n").filter((l) => l.trim() !== "") };
      for (const f of ["players", "me", "hand", "deck"]) { const i = $("ng-" + f); if (i && i.value.trim()) req[f] = i.value; }
      const { status, doc: r } = await api("POST", "/api/new", req);
      if (status !== 200) { $("ng-error").hidden = false; $("ng-error").textContent = r.error.message; return; }
      location.href = r.url;
    });
    for (const o of doc.open) {
      $("open").append(el("li", null, el("a", { href: "/t/" + o.id, text: o.game + (o.log ? " — " + o.log : "") + " (" + o.lines_text + ")" })));
    }
    if (!doc.open.length) $("open").append(el("li", { class: "dim", text: "none" }));
    for (const l of doc.logs) {
      const b = el("button", { type: "button", text: l.name });
      b.addEventListener("click", async () => {
        const { status, doc: r } = await api("POST", "/api/open", { log: l.id });
        if (status !== 200) { alert(r.error.message); return; }
        location.href = r.url;
      });
      $("logs").append(el("li", null, b, " ", el("span", { class: "dim", text: new Date(l.modified).toLocaleString() })));
    }
    if (!doc.logs.length) $("logs").append(el("li", { class: "dim", text: "none" }));
  }

  // ---- the sheet page ----
  function sheetPage(id) {
    const base = "/api/t/" + id;
    let state = null;
    let editing = false; // a line of the list is being edited
    let pending = null; // a submitted change waiting for its sheet: {t0, version}
    window.gumshoeTimings = []; // submit to the new sheet on screen, ms
    window.gumshoeStateTimings = []; // submit to the new state received, ms
    $("print").href = "/t/" + id + "/print";

    function apply(st) {
      if (state && st.version <= state.version) return;
      state = st;
      const d0 = performance.now();
      draw();
      const drawn = performance.now() - d0;
      // When this version was on the page, on a clock every tab shares.
      window.gumshoeDrawn = { version: st.version, at: performance.timeOrigin + performance.now() };
      if (pending && st.version > pending.version) {
        const t0 = pending.t0;
        pending = null;
        window.gumshoeStateTimings.push(performance.now() - t0 - drawn);
        requestAnimationFrame(() => {
          const m = performance.measure("submit-to-sheet", { start: t0, end: performance.now() });
          window.gumshoeTimings.push(m.duration);
        });
      }
    }

    function draw() {
      const st = state;
      document.title = st.title + " — gumshoe";
      $("title").textContent = st.sheet ? st.sheet.title : st.title;
      $("nextno").textContent = st.lines.length + 1;
      $("logname").textContent = st.log ? "· " + st.log : "· no log kept";
      $("undo").disabled = !st.can_undo;
      $("redo").disabled = !st.can_redo;
      const t = $("sheet");
      t.textContent = "";
      $("sheeterr").hidden = !st.sheet_error;
      $("sheeterr").textContent = st.sheet_error ? "No sheet yet: " + st.sheet_error : "";
      const changed = new Set(st.changed.map((c) => c.row + "," + c.col));
      if (st.sheet) {
        const head = el("tr", null, el("th", { text: "" }));
        for (const h of st.sheet.holders) head.append(el("th", { scope: "col", text: h.head, title: h.name }));
        t.append(el("thead", null, head));
        const tb = el("tbody");
        st.sheet.rows.forEach((r, i) => {
          const tr = el("tr", null, el("th", { scope: "row", text: r.card }));
          r.cells.forEach((c, j) => {
            const cls = c.status === "forced" ? "yes" : c.status === "impossible" ? "no" : "open";
            const holder = st.sheet.holders[j].head;
            const td = el("td", { class: cls + (changed.has(i + "," + j) ? " changed" : ""), text: c.text,
              "data-card": r.card, "data-holder": holder, "data-status": c.status,
              "aria-label": r.card + ", " + holder + ": " + (cls === "yes" ? "yes" : cls === "no" ? "no" : c.text === "?" ? "no estimate" : c.text + " percent") + (changed.has(i + "," + j) ? ", changed" : "") });
            if (cls !== "open") { td.tabIndex = 0; td.title = "why?"; }
            tr.append(td);
          });
          tb.append(tr);
        });
        t.append(tb);
        const hl = $("headlines");
        hl.textContent = "";
        for (const h of st.sheet.headlines) hl.append(el("li", { text: h }));
      }
      $("settled").textContent = st.settled.join(" ");
      // A line being edited stays as it is until saved or cancelled, even
      // when a change made elsewhere arrives meanwhile.
      if (editing) return;
      const ol = $("lines");
      ol.textContent = "";
      for (const l of st.lines) ol.append(lineItem(l));
      ol.scrollTop = ol.scrollHeight;
    }

    function lineItem(l) {
      const li = el("li", { "data-line": l.line });
      const text = el("span", { class: "text" + (l.text.trim().startsWith("#") ? " comment" : ""), text: l.text });
      const edit = el("button", { type: "button", class: "edit", text: "✎", title: "edit line " + l.line, "aria-label": "edit line " + l.line });
      const del = el("button", { type: "button", class: "delete", text: "✕", title: "delete line " + l.line, "aria-label": "delete line " + l.line });
      edit.addEventListener("click", () => {
        editing = true;
        const input = el("input", { type: "text", value: l.text, class: "editline", maxLength: 4096, autocapitalize: "off", spellcheck: false });
        const ok = el("button", { type: "button", class: "save", text: "Save" });
        const cancel = el("button", { type: "button", text: "Cancel" });
        li.replaceChildren(el("span", { class: "no", text: l.line }), input, ok, cancel);
        input.focus();
        const done = () => { editing = false; draw(); };
        const save = async () => {
          editing = false;
          if (!(await send("edit " + l.line + " " + input.value, true, input.value))) editing = true;
        };
        ok.addEventListener("click", save);
        input.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); save(); } if (e.key === "Escape") done(); });
        cancel.addEventListener("click", done);
      });
      del.addEventListener("click", () => send("delete " + l.line, true));
      li.append(el("span", { class: "no", text: l.line }), text, edit, del);
      return li;
    }

    function mark(lines, cls) {
      for (const li of document.querySelectorAll("#lines li")) li.classList.remove("why", "conflict");
      let first = null;
      for (const n of lines) {
        const li = document.querySelector('#lines li[data-line="' + n + '"]');
        if (li) { li.classList.add(cls); first = first || li; }
      }
      if (first) { const ol = $("lines"); ol.scrollTop = first.offsetTop - ol.offsetTop - 8; }
    }

    function say(text, cls) {
      const m = $("message");
      m.className = "message " + (cls || "ok");
      m.textContent = text;
    }

    function refused(err) {
      say(err.message, "err");
      const m = $("message");
      if (err.kind === "line" && err.col > 0 && err.text) {
        // The refused line with its faulty column marked.
        const [before, at, rest] = splitAtColumn(err.text, err.col);
        m.append(el("span", { class: "caret", "data-col": err.col }, before, el("mark", { text: at }), rest));
      }
      // A refusal that names no lines (a merely malformed line) clears
      // the marks of an earlier conflict: they no longer explain anything.
      mark(err.lines ? err.lines.map((l) => l.line) : [], "conflict");
    }

    // The explanation of a tapped cell: in a panel fixed to the bottom of
    // the screen, with the lines it cites listed there and highlighted (and
    // marked in the list of lines); the tapped cell is kept in view above
    // the panel.
    function showWhy(why) {
      const box = $("whybox");
      $("whyfact").textContent = why.fact + ", " + why.because;
      const ol = $("whylines");
      ol.textContent = "";
      for (const l of why.lines) {
        ol.append(el("li", { class: "why", "data-line": l.line }, el("span", { class: "no", text: l.line }), el("span", { class: "text", text: l.text })));
      }
      box.hidden = false;
      document.body.classList.add("whyopen");
      mark(why.lines.map((l) => l.line), "why");
      const td = document.querySelector("td.asked");
      if (td) {
        const r = td.getBoundingClientRect();
        const top = box.getBoundingClientRect().top;
        if (r.bottom > top - 8) window.scrollBy(0, r.bottom - top + 16);
        else if (r.top < 0) window.scrollBy(0, r.top - 60);
      }
    }
    function hideWhy() {
      $("whybox").hidden = true;
      document.body.classList.remove("whyopen");
      for (const c of document.querySelectorAll("td.asked")) c.classList.remove("asked");
    }
    $("whyclose").addEventListener("click", hideWhy);

    async function send(text, change, lineText) {
      const before = state ? state.version : 0;
      // The time from here to the new sheet on screen is measured (the
      // state may come first by the event stream or by the reply).
      pending = state ? { t0: performance.now(), version: before } : null;
      const { status, doc } = await api("POST", base + "/command", { text });
      $("output").hidden = true;
      if (!doc.state) pending = null;
      if (doc.error) { refused(doc.error); return false; }
      if (doc.state) {
        apply(doc.state);
        say(state.note || "", "ok");
        mark([], "why");
        hideWhy();
      }
      if (doc.why) {
        say(doc.why.fact + ", " + doc.why.because, "ok");
        showWhy(doc.why);
      }
      if (doc.text) { $("output").hidden = false; $("output").textContent = doc.text; if (!doc.state) say("", "ok"); }
      return status === 200;
    }

    $("entry").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const input = $("line");
      const text = input.value;
      if (!text.trim()) return;
      // Cleared at once, so that the next line can be typed while this
      // one is on its way; a refused line comes back to be corrected.
      input.value = "";
      suggest();
      if (!(await send(text, true)) && input.value === "") input.value = text;
    });
    for (const b of document.querySelectorAll("button[data-cmd]")) b.addEventListener("click", () => send(b.dataset.cmd));
    $("advise").addEventListener("click", () => send(("advise " + $("adviseargs").value).trim()));
    $("sheet").addEventListener("click", (ev) => {
      const td = ev.target.closest("td");
      if (!td || td.dataset.status === "open") return;
      for (const c of document.querySelectorAll("td.asked")) c.classList.remove("asked");
      td.classList.add("asked");
      const fact = (td.dataset.status === "impossible" ? "not " : "") + td.dataset.holder + " " + td.dataset.card;
      send("why " + fact);
    });
    $("sheet").addEventListener("keydown", (ev) => { if (ev.key === "Enter" && ev.target.matches("td")) ev.target.click(); });

    // Suggestions: the game's words (and the commands, first on the line)
    // that start like the word being typed.
    function suggest() {
      const box = $("suggest");
      box.textContent = "";
      if (!state) return;
      const v = $("line").value;
      const m = v.match(/(\S*)$/);
      const word = m[1].toLowerCase();
      const first = v.trim().indexOf(" ") < 0;
      const pool = (first ? state.commands : []).concat(state.words);
      const seen = new Set();
      const hits = [];
      for (const w of pool) {
        const k = w.toLowerCase();
        if (seen.has(k) || (word && !k.startsWith(word)) || k === word) continue;
        seen.add(k);
        hits.push(w);
        if (hits.length >= 10) break;
      }
      if (!word) return;
      for (const w of hits) {
        const b = el("button", { type: "button", text: w });
        b.addEventListener("click", () => { complete(w); $("line").focus(); });
        box.append(b);
      }
    }
    function complete(w) {
      const input = $("line");
      input.value = input.value.replace(/\S*$/, w) + " ";
      suggest();
    }
    $("line").addEventListener("input", suggest);
    $("line").addEventListener("keydown", (ev) => {
      if (ev.key === "Tab" && $("line").value.trim()) {
        const b = $("suggest").querySelector("button");
        if (b) { ev.preventDefault(); complete(b.textContent); }
      }
    });

    // Live: the server pushes every new state; EventSource reconnects by itself.
    function live() {
      const es = new EventSource(base + "/events");
      es.addEventListener("state", (ev) => { $("live").classList.add("on"); $("live").textContent = "●"; apply(JSON.parse(ev.data)); suggest(); });
      es.addEventListener("error", () => { $("live").classList.remove("on"); $("live").textContent = "○"; });
    }
    live();
  }
})();
