// The players' page: the map picture (pinch or scroll to zoom, drag to move, double-tap to fit),
// the turn banner, and on a player's page their own sheet. The picture is the table view (what
// the players' window shows) or the whole map, as the reader picks, kept on this phone; it is
// asked for at the page's own size, and turned a quarter turn only when the reader asks. Told of every change over a
// WebSocket; every word is set as text, never as markup.
"use strict";
(function () {
  const board = document.getElementById("board");
  const map = document.getElementById("map");
  const banner = document.getElementById("banner");
  const sheet = document.getElementById("sheet");
  const state = document.getElementById("state");
  const waiting = document.getElementById("waiting");
  const notice = document.getElementById("notice");
  const tableButton = document.getElementById("table-view");
  const wholeButton = document.getElementById("whole-map");
  const turnButton = document.getElementById("turn");
  const which = document.getElementById("which");
  const player = location.pathname.startsWith("/p/");
  if (player) document.body.classList.add("player");

  // -- zoom and pan ------------------------------------------------------------------------
  let scale = 1, x = 0, y = 0, fitted = false, natural = [0, 0];
  const pointers = new Map();
  let pinch = null;

  function place() { map.style.transform = `translate(${x}px, ${y}px) scale(${scale})`; }
  function fit() {
    const w = board.clientWidth, h = board.clientHeight;
    if (!map.naturalWidth || !w || !h) return;
    scale = Math.min(w / map.naturalWidth, h / map.naturalHeight);
    x = (w - map.naturalWidth * scale) / 2;
    y = (h - map.naturalHeight * scale) / 2;
    place();
  }
  function zoomAt(px, py, factor) {
    const least = Math.min(board.clientWidth / map.naturalWidth, board.clientHeight / map.naturalHeight) / 2;
    const next = Math.min(8, Math.max(least, scale * factor));
    x = px - (px - x) * (next / scale);
    y = py - (py - y) * (next / scale);
    scale = next;
    place();
  }
  function local(event) {
    const box = board.getBoundingClientRect();
    return [event.clientX - box.left, event.clientY - box.top];
  }
  board.addEventListener("pointerdown", (event) => {
    board.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, local(event));
    pinch = null;
  });
  board.addEventListener("pointermove", (event) => {
    if (!pointers.has(event.pointerId)) return;
    const [px, py] = local(event);
    if (pointers.size === 1) {
      const [ox, oy] = pointers.get(event.pointerId);
      x += px - ox; y += py - oy;
      pointers.set(event.pointerId, [px, py]);
      place();
      return;
    }
    pointers.set(event.pointerId, [px, py]);
    const [a, b] = [...pointers.values()];
    const distance = Math.hypot(a[0] - b[0], a[1] - b[1]);
    const middle = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    if (pinch && pinch.distance > 0) {
      x += middle[0] - pinch.middle[0]; y += middle[1] - pinch.middle[1];
      zoomAt(middle[0], middle[1], distance / pinch.distance);
    }
    pinch = { distance, middle };
  });
  const lift = (event) => { pointers.delete(event.pointerId); pinch = null; };
  board.addEventListener("pointerup", lift);
  board.addEventListener("pointercancel", lift);
  board.addEventListener("wheel", (event) => {
    event.preventDefault();
    const [px, py] = local(event);
    zoomAt(px, py, Math.exp(-event.deltaY / 400));
  }, { passive: false });
  board.addEventListener("dblclick", fit);
  window.addEventListener("resize", () => { if (fitted) fit(); showChoice(); showPicture(); });

  // -- which picture, at what size ------------------------------------------------------------
  function kept(name) { try { return localStorage.getItem(name); } catch (error) { return null; } }
  function keep(name, value) { try { localStorage.setItem(name, value); } catch (error) { /* not kept */ } }
  let tableOpen = false, version = -1;
  function view() {
    const chosen = kept("tabletop.picture") || (tableOpen ? "table" : "whole");
    return chosen === "table" && tableOpen ? "table" : "whole";
  }
  function upright() { return board.clientHeight > board.clientWidth; }
  function turned() { return upright() && kept("tabletop.turn") === "1"; }
  function showChoice() {
    const now = view();
    tableButton.disabled = !tableOpen;
    tableButton.title = tableOpen ? "What the players' screen shows now" : "The players' screen is not open";
    tableButton.setAttribute("aria-pressed", String(now === "table"));
    wholeButton.setAttribute("aria-pressed", String(now === "whole"));
    turnButton.hidden = !upright();
    turnButton.setAttribute("aria-pressed", String(turned()));
    which.textContent = now === "table" ? "What the players' screen shows" : "The whole map";
  }
  function choose(picture) { keep("tabletop.picture", picture); showChoice(); showPicture(); }
  tableButton.addEventListener("click", () => choose("table"));
  wholeButton.addEventListener("click", () => choose("whole"));
  turnButton.addEventListener("click", () => {
    keep("tabletop.turn", turned() ? "0" : "1");
    showChoice();
    showPicture();
  });

  // -- what the GM shows -------------------------------------------------------------------
  let shown = "", kind = "";
  function showPicture() {
    if (version < 0) return;
    const ratio = Math.min(8, Math.max(1, window.devicePixelRatio || 1));
    const w = Math.max(1, Math.round(board.clientWidth)), h = Math.max(1, Math.round(board.clientHeight));
    const picture = view(), turn = turned() ? 1 : 0;
    const address = `picture.png?v=${version}&view=${picture}&w=${w}&h=${h}&dpr=${ratio}&turn=${turn}`;
    if (address === shown) return;
    shown = address;
    fetch(address, { cache: "no-store" }).then((answer) => {
      if (!answer.ok || shown !== address) return null;
      const painted = answer.headers.get("X-Picture") || "";
      return answer.blob().then((blob) => {
        const next = new Image();
        next.onload = () => {
          if (shown !== address) { URL.revokeObjectURL(next.src); return; }  // a later one was asked for
          const fresh = next.naturalWidth !== natural[0] || next.naturalHeight !== natural[1];
          const other = kind !== `${picture} ${turn}`;
          if (map.src.startsWith("blob:")) URL.revokeObjectURL(map.src);
          map.src = next.src;
          Object.assign(map.dataset, { version: String(version), view: picture, turned: String(turn), painted, address });
          map.hidden = false;
          waiting.hidden = true;
          kind = `${picture} ${turn}`;
          natural = [next.naturalWidth, next.naturalHeight];
          if (!fitted || fresh || other) { fitted = true; requestAnimationFrame(fit); }
        };
        next.src = URL.createObjectURL(blob);
      });
    }).catch(() => { if (shown === address) shown = ""; });
  }

  function element(tag, text, cls) {
    const made = document.createElement(tag);
    if (text !== undefined) made.textContent = text;
    if (cls) made.className = cls;
    return made;
  }
  function section(title, items) {
    sheet.append(element("h2", title));
    if (!items.length) { sheet.append(element("p", "None", "none")); return; }
    const list = element("ul");
    for (const item of items) list.append(item);
    sheet.append(list);
  }
  function showSheet(data) {
    sheet.replaceChildren();
    sheet.hidden = false;
    if (data && data.away) {
      // the code stays good: the sheet comes back when a scene with the character is sent
      sheet.append(element("p", `${data.away} is not in this scene.`, "away"));
      sheet.append(element("p", `Your sheet comes back when the GM shows a scene with ${data.away}.`, "none"));
      return;
    }
    if (!data || !data.shown) {
      sheet.append(element("p", "Your token is not on the players' map just now.", "none"));
      return;
    }
    const title = element("h1");
    const swatch = element("span", undefined, "swatch");
    swatch.style.background = data.colour;
    title.append(swatch, element("span", data.name));
    sheet.append(title);
    const turn = data.turn;
    if (turn.in_conflict) {
      const says = turn.yours ? "Your turn" : (turn.now ? `${turn.now}'s turn` : "No turn running");
      sheet.append(element("p", says, turn.yours ? "turn yours" : "turn"));
      if (turn.next) sheet.append(element("p", `Next: ${turn.next}`, "turn"));
      if (turn.out) sheet.append(element("p", "Taken out", "turn"));
      const marks = element("p", undefined, "marks");
      for (const [word, value] of turn.marks) marks.append(element("span", value ? `${word} ${value}` : word));
      if (turn.marks.length) sheet.append(marks);
    }
    sheet.append(element("h2", "Stress"));
    if (!data.stress.length) sheet.append(element("p", "None", "none"));
    for (const track of data.stress) {
      const row = element("div", undefined, "track");
      row.append(element("span", track.name, "name"));
      for (let box = 1; box <= track.boxes; box++) {
        const marked = track.marked.includes(box);
        const cell = element("span", String(box), marked ? "box marked" : "box");
        cell.setAttribute("aria-label", `${track.name} box ${box}${marked ? ", marked" : ""}`);
        row.append(cell);
      }
      sheet.append(row);
    }
    section("Aspects", data.aspects.map((aspect) => {
      const item = element("li", aspect.name);
      if (aspect.free_invokes) {
        const n = aspect.free_invokes;
        item.append(" ", element("span", `${n} free invoke${n === 1 ? "" : "s"}`, "invokes"));
      }
      return item;
    }));
    if (data.consequences.length) {
      section("Consequences", data.consequences.map((c) => element("li", `${c.name} (${c.shifts} shifts)`)));
    }
    section("States", data.states.map((s) => element("li", s)));
  }

  // -- the push channel --------------------------------------------------------------------
  let wait = 500;
  // A channel that closes before it opens was refused: ask the server why, since a browser
  // keeps a WebSocket's refusal to itself. A full table waits on the GM, not on retries.
  function refused() {
    fetch(`${location.pathname}ws`, { cache: "no-store" }).then((answer) => {
      if (answer.status === 503) {
        state.textContent = waiting.textContent = "The table is full: ask the GM.";
        return;
      }
      again();
    }, () => again());
  }
  function again(why = "Reconnecting…") {
    state.textContent = why;
    setTimeout(connect, wait);
    wait = Math.min(wait * 2, 10000);
  }
  function connect() {
    let opened = false;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}${location.pathname}ws`);
    socket.onopen = () => { opened = true; state.textContent = "Connected to the GM's table"; wait = 500; };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      banner.textContent = message.banner;
      banner.hidden = !message.banner;
      notice.textContent = message.notice || "";
      notice.hidden = !message.notice;
      tableOpen = Boolean(message.table);
      showChoice();
      if (message.picture) { version = message.version; showPicture(); }
      if (player) showSheet(message.sheet);
    };
    socket.onclose = (event) => {
      if (event.code === 4403) { state.textContent = "The GM took this sheet back."; return; }
      if (event.code === 1001) { again("The GM stopped sharing the map."); return; }
      if (!opened) { refused(); return; }
      again();
    };
  }
  connect();
})();
