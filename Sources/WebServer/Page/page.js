// hu-sim's head unit in a browser. The server pushes the head unit's state (the shape of
// Sim.GetState's result, PROTOCOL.md §5) as "Web.State" and the wire as "Web.Trace"; the
// page sends what the person does as JSON-RPC requests (User.*, Sim.AdvanceTime,
// Sim.InjectFault), which go through the engine as the same requests on stdin do.
// Everything the app sent is shown with textContent: app text never becomes markup.
"use strict";

const $ = (id) => document.getElementById(id);
let socket = null;
let nextID = 1;
const pending = new Map();   // id → what was asked, for the status line
let state = null;
let hello = {};
let shift = false;
let received = 0;             // performance.now() when the state arrived, for the countdown
const wireLimit = 500;

// MARK: The socket

function connect() {
  socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/socket`);
  socket.onopen = () => setConnection(true);
  socket.onclose = () => {
    setConnection(false);
    setTimeout(connect, 1000);
  };
  socket.onmessage = (event) => {
    for (const line of event.data.split("\n")) {
      if (line.trim() !== "") receive(JSON.parse(line));
    }
  };
}

function setConnection(open) {
  const pill = $("connection");
  pill.textContent = open ? "live" : "disconnected: retrying";
  pill.classList.toggle("offline", !open);
  document.body.dataset.connected = open ? "yes" : "no";
}

function receive(message) {
  if (message.method === "Web.Hello") {
    hello = message.params || {};
    document.body.dataset.clock = hello.clock || "";
  } else if (message.method === "Web.State") {
    state = message.params;
    received = performance.now();
    render();
  } else if (message.method === "Web.Trace") {
    addWire(message.params);
  } else if (message.id !== undefined && pending.has(message.id)) {
    const asked = pending.get(message.id);
    pending.delete(message.id);
    showOutcome(asked, message);
  }
}

/// Sends one request; its answer shows on the status line.
function call(method, params) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    showStatus(`${method}: not connected`, "error");
    return;
  }
  const id = nextID++;
  pending.set(id, method);
  const message = { jsonrpc: "2.0", id, method };
  if (params !== undefined) message.params = params;
  socket.send(JSON.stringify(message));
}

function showOutcome(method, message) {
  if (message.error) {
    showStatus(`${method}: ${message.error.message}`, "error");
    return;
  }
  const result = message.result || {};
  const text = `${method}: ${result.resultCode}${result.info ? ` — ${result.info}` : ""}`;
  showStatus(text, result.success ? "ok" : "error");
}

function showStatus(text, kind) {
  const status = $("status");
  status.textContent = text;
  status.className = kind;
}

// MARK: Drawing the screen

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

function button(text, className, onClick, title) {
  const node = element("button", className, text);
  node.type = "button";
  if (title) node.title = title;
  node.addEventListener("click", onClick);
  return node;
}

function render() {
  if (!state) return;
  const app = state.app || {};
  $("app-name").textContent = state.registered ? app.appName || "app" : "no app registered";
  $("hmi-level").textContent = state.hmiLevel || "NONE";
  $("system-context").textContent = state.systemContext || "MAIN";
  $("profile").textContent = `profile ${state.profile || "?"}`;
  $("clock").textContent = `clock ${formatMs(state.clockMs || 0)}`;
  document.body.dataset.registered = state.registered ? "yes" : "no";

  const screen = $("screen");
  screen.replaceChildren();
  const interaction = state.interaction;
  screen.dataset.layout = interaction ? interaction.layout || "VOICE" : "";
  if (!state.registered) {
    screen.append(element("p", "empty", "No app is registered. Point an SDL app at hu-sim --listen, or register one on stdin."));
  } else if (!interaction) {
    screen.append(element("p", "empty", "Nothing on screen."));
    screen.append(choiceSetSummary());
  } else {
    drawInteraction(screen, interaction);
  }
  renderFiles();
}

function drawInteraction(screen, interaction) {
  const title = element("div", "interaction-title");
  title.append(element("h1", null, interaction.initialText));
  const details = element("span", "details");
  details.append(element("span", "pill", interaction.layout || "VOICE ONLY"));
  details.append(element("span", "pill", interaction.interactionMode));
  const left = element("span", "pill time-left");
  left.id = "time-left";
  details.append(left);
  title.append(details);
  screen.append(title);
  updateTimeLeft();

  if (interaction.voiceSessionOpen) screen.append(element("p", "listening", "🎤 Listening: say a voice command (panel on the right)."));
  if (interaction.keyboardText !== undefined) drawKeyboard(screen, interaction);

  const choices = interaction.visibleChoices || [];
  const layout = interaction.layout;
  if (layout === "KEYBOARD" || (!layout && choices.length === 0)) return;
  const icons = layout === "ICON_ONLY" || layout === "ICON_WITH_SEARCH";
  const list = element("ul", icons ? "choices tiles" : "choices list");
  list.id = "choices";
  if (choices.length === 0) {
    list.append(element("li", "empty", interaction.keyboardText ? "No choice matches the search." : "No choices."));
  }
  // A list whose choices have no image draws none; tiles keep their place for one.
  const images = icons || choices.some((choice) => choice.image || choice.secondaryImage);
  for (const choice of choices) {
    const item = element("li", "choice");
    item.dataset.choiceId = String(choice.choiceID);
    item.tabIndex = 0;
    item.title = `User.SelectChoice ${choice.choiceID}`;
    if (images) item.append(imageNode(choice.image, "choice-image"));
    const texts = element("div", "texts");
    texts.append(element("span", "menu-name", choice.menuName));
    if (choice.secondaryText) texts.append(element("span", "secondary", choice.secondaryText));
    if (choice.tertiaryText) texts.append(element("span", "tertiary", choice.tertiaryText));
    item.append(texts);
    if (choice.secondaryImage) item.append(imageNode(choice.secondaryImage, "secondary-image"));
    const select = () => call("User.SelectChoice", { choiceID: choice.choiceID });
    item.addEventListener("click", select);
    item.addEventListener("keydown", (event) => { if (event.key === "Enter") select(); });
    list.append(item);
  }
  screen.append(list);
}

/// An uploaded image by its name (served from the app's files), or a STATIC icon's code.
function imageNode(image, className) {
  if (!image) return element("span", `${className} no-image`);
  if (image.imageType === "STATIC") return element("span", `${className} static-image`, image.value);
  const node = element("img", className);
  node.alt = image.value;
  node.src = `/files/${encodeURIComponent(image.value)}`;
  node.addEventListener("error", () => node.classList.add("missing"));
  return node;
}

const layouts = {
  QWERTY: ["1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm"],
  QWERTZ: ["1234567890", "qwertzuiop", "asdfghjkl", "yxcvbnm"],
  AZERTY: ["1234567890", "azertyuiop", "qsdfghjklm", "wxcvbn"],
  NUMERIC: ["123", "456", "789", "0"],
};

function drawKeyboard(screen, interaction) {
  const properties = interaction.keyboardProperties || {};
  const masked = interaction.inputMasked === true;
  const typed = interaction.keyboardText || "";
  const field = element("div", "keyboard-text");
  field.id = "keyboard-text";
  field.dataset.masked = masked ? "yes" : "no";
  field.append(element("span", "label", interaction.layout === "KEYBOARD" ? "Text" : "Search"));
  field.append(element("span", "typed", masked ? "•".repeat([...typed].length) : typed));
  screen.append(field);

  const suggestions = interaction.autoCompleteList || [];
  if (suggestions.length > 0) {
    const row = element("div", "suggestions");
    row.id = "suggestions";
    suggestions.forEach((text, index) => {
      const node = button(text, "suggestion", () => call("User.SelectAutocomplete", { index }), "User.SelectAutocomplete");
      node.dataset.index = String(index);
      row.append(node);
    });
    screen.append(row);
  }

  const allowed = properties.limitedCharacterList;
  const keyboard = element("div", "keyboard");
  keyboard.id = "keyboard";
  const layout = layouts[properties.keyboardLayout] || layouts.QWERTY;
  const rows = layout.map((row) => [...row]);
  if (properties.customKeys && properties.customKeys.length > 0) rows.push(properties.customKeys);
  for (const keys of rows) {
    const row = element("div", "keys");
    for (const key of keys) {
      const shown = shift ? key.toUpperCase() : key;
      const node = button(shown, "key", () => press(shown));
      node.dataset.key = shown;
      if (allowed && !allowed.includes(shown)) {
        node.disabled = true;
        node.title = "not in limitedCharacterList";
      }
      row.append(node);
    }
    keyboard.append(row);
  }
  const controls = element("div", "keys controls");
  const shiftKey = button("⇧", "key wide" + (shift ? " on" : ""), () => { shift = !shift; render(); }, "Shift");
  shiftKey.id = "key-shift";
  controls.append(shiftKey);
  const space = button("space", "key space", () => press(" "));
  space.dataset.key = " ";
  if (allowed && !allowed.includes(" ")) space.disabled = true;
  controls.append(space);
  const backspace = button("⌫", "key wide", () => press("BS"), "Backspace (BS)");
  backspace.id = "key-backspace";
  controls.append(backspace);
  if (properties.maskInputCharacters === "USER_CHOICE_INPUT_KEY_MASK") {
    const toggle = button(masked ? "show" : "hide", "key wide", () =>
      call("User.KeyboardEvent", { event: masked ? "INPUT_KEY_MASK_DISABLED" : "INPUT_KEY_MASK_ENABLED" }), "Mask the input");
    toggle.id = "key-mask";
    controls.append(toggle);
  }
  const submit = button("Submit", "key wide submit", () => call("User.KeyboardEvent", { event: "ENTRY_SUBMITTED" }), "ENTRY_SUBMITTED");
  submit.id = "key-submit";
  controls.append(submit);
  keyboard.append(controls);
  const layoutName = element("p", "keyboard-layout", `${properties.keyboardLayout || "QWERTY"} keyboard`
    + (allowed ? ` · limited to ${allowed.join(" ")}` : "") + (masked ? " · input masked" : ""));
  keyboard.append(layoutName);
  screen.append(keyboard);
}

function press(key) {
  call("User.KeyboardEvent", { event: "KEYPRESS", data: key });
  if (shift && key !== "BS") {
    shift = false;
    render();
  }
}

function keyboardShown() {
  return state && state.interaction && state.interaction.keyboardText !== undefined;
}

// Typing on the computer's keyboard types on the head unit's, when it shows one.
document.addEventListener("keydown", (event) => {
  if (!keyboardShown() || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
  if (event.key === "Backspace") call("User.KeyboardEvent", { event: "KEYPRESS", data: "BS" });
  else if (event.key === "Enter") call("User.KeyboardEvent", { event: "ENTRY_SUBMITTED" });
  else if (event.key === "Escape") call("User.Close");
  else if ([...event.key].length === 1) call("User.KeyboardEvent", { event: "KEYPRESS", data: event.key });
  else return;
  event.preventDefault();
});

function choiceSetSummary() {
  const sets = state.choiceSets || [];
  const list = element("ul", "choice-sets");
  for (const set of sets) {
    const count = (set.choiceIDs || []).length;
    list.append(element("li", null, `Choice set #${set.interactionChoiceSetID}: ${count} choice${count === 1 ? "" : "s"}`
      + (set.available === false ? " (not available yet)" : "")));
  }
  return list;
}

function renderFiles() {
  const files = state.files || [];
  $("quota").textContent = `${formatBytes(state.usedBytes || 0)} of ${formatBytes(state.quotaBytes || 0)}`;
  const list = $("files");
  list.replaceChildren();
  if (files.length === 0) list.append(element("li", "empty", "No files."));
  for (const file of files) {
    const item = element("li", "file");
    if ((file.fileType || "").startsWith("GRAPHIC_")) {
      item.append(imageNode({ value: file.syncFileName, imageType: "DYNAMIC" }, "thumbnail"));
    }
    item.append(element("span", "file-name", file.syncFileName));
    item.append(element("span", "file-details",
      `${file.fileType} · ${formatBytes(file.size)}${file.persistentFile ? " · persistent" : ""}`));
    list.append(item);
  }
}

function updateTimeLeft() {
  const node = $("time-left");
  if (!node || !state || !state.interaction) return;
  let ms = state.interaction.msLeft || 0;
  if (hello.clock === "real") ms = Math.max(0, ms - (performance.now() - received));
  node.textContent = `${Math.ceil(ms / 1000)} s left`;
}
setInterval(updateTimeLeft, 250);

// MARK: The wire

/// One entry of the trace (hu-sim's WireTrace: a line of stdio, an app's SDL message or
/// connection event, a page's request), newest at the bottom. A request's method, clicked,
/// becomes the fault form's method.
function addWire(entry) {
  const list = $("wire");
  const item = element("li", `wire ${entry.dir || "event"}`);
  const arrow = entry.dir === "in" ? "→" : entry.dir === "out" ? "←" : "•";
  item.append(element("span", "wire-time", formatMs(entry.clockMs || 0)));
  item.append(element("span", "wire-door", `${arrow} ${entry.door || ""}${entry.app ? ` ${entry.app}` : ""}`));
  const message = entry.message;
  const method = entry.function || (message && message.method);
  let summary = entry.event || method || "";
  if (!summary && message && message.id !== undefined) {
    const result = message.result || {};
    summary = `reply ${message.id}${result.resultCode ? ` ${result.resultCode}` : message.error ? " error" : ""}`;
  }
  if (entry.tooLongBytes !== undefined) summary = `a line of ${entry.tooLongBytes} bytes, skipped`;
  const what = element("span", "wire-summary", summary);
  if (method && entry.dir === "in" && (entry.kind === undefined || entry.kind === "request")) {
    what.classList.add("faultable");
    what.title = `Inject a fault for the next ${method}`;
    what.addEventListener("click", () => { $("fault-method").value = method; });
  }
  item.append(what);
  const body = message !== undefined ? JSON.stringify(message) : entry.text !== undefined ? entry.text : "";
  const code = element("code", "wire-message", body.length > 400 ? `${body.slice(0, 400)}…` : body);
  code.title = body.length > 400 ? body.slice(0, 4000) : "";
  item.append(code);
  const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  list.append(item);
  while (list.childElementCount > wireLimit) list.firstElementChild.remove();
  if (atBottom) list.scrollTop = list.scrollHeight;
}

// MARK: Formatting

function formatMs(ms) {
  const seconds = Math.floor(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}.${String(ms % 1000).padStart(3, "0")}`;
}

function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

// MARK: The panels

$("activate").addEventListener("click", () => call("User.Activate"));
$("deactivate").addEventListener("click", () => call("User.Deactivate"));
$("close").addEventListener("click", () => call("User.Close"));
$("speak-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const utterance = $("utterance").value.trim();
  if (utterance !== "") call("User.Speak", { utterance });
});
for (const node of document.querySelectorAll(".advance")) {
  node.addEventListener("click", () => call("Sim.AdvanceTime", { ms: Number(node.dataset.ms) }));
}
$("advance-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const ms = Number($("advance-ms").value);
  if (ms >= 0) call("Sim.AdvanceTime", { ms });
});
$("fault-kind").addEventListener("change", () => {
  const kind = $("fault-kind").value;
  $("fault-code").hidden = kind !== "result";
  $("fault-delay").hidden = kind !== "delay";
});
$("fault-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const params = { method: $("fault-method").value.trim(), count: Math.max(1, Number($("fault-count").value) || 1) };
  const kind = $("fault-kind").value;
  if (kind === "result") params.resultCode = $("fault-code").value;
  else if (kind === "delay") params.delayMs = Number($("fault-delay").value);
  else params.drop = true;
  call("Sim.InjectFault", params);
});
$("wire-clear").addEventListener("click", () => $("wire").replaceChildren());

connect();
