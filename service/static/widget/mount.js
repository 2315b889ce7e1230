// Entry points: mount() for any element, the <arbitre-faq> custom element, and the one-tag
// <script src=".../widget.js" data-game="..."> form that creates the element after itself.

var SCRIPT = document.currentScript;
// The API defaults to where widget.js was served from, so publishers configure nothing.
var DEFAULT_API = SCRIPT && SCRIPT.src ? new URL(SCRIPT.src, location.href).origin : location.origin;
var ATTRIBUTES = ["game", "lang", "theme", "api", "examples", "strings", "timeout"];

// Mounts the widget in element's shadow root. options: game (required), lang ("fr"|"en"), api,
// examples (array of questions), strings (overrides of STRINGS[lang]), timeoutMs.
function mount(element, options) {
  if (!options.game) throw new Error("arbitre-faq: the game attribute is required, got none");
  var lang = STRINGS[options.lang] ? options.lang : "fr";
  var strings = Object.assign({}, STRINGS[lang], options.strings || {});
  var client = createClient({ api: options.api || DEFAULT_API, game: options.game, timeoutMs: options.timeoutMs });
  var shadow = element.shadowRoot || element.attachShadow({ mode: "open" });
  shadow.replaceChildren();
  var view = render(shadow, client, { strings: strings, examples: options.examples || strings.exampleQuestions });
  return { client: client, input: view.input, destroy: view.destroy };
}

function optionsFrom(read) {
  var examples = read("examples"), strings = read("strings"), timeout = Number(read("timeout"));
  return {
    game: read("game"), lang: (read("lang") || document.documentElement.lang || "fr").slice(0, 2).toLowerCase(),
    api: read("api") || undefined,
    examples: examples ? examples.split("|").map(function (q) { return q.trim(); }).filter(Boolean) : undefined,
    strings: strings ? parseStrings(strings) : undefined,
    timeoutMs: timeout > 0 ? timeout : undefined
  };
}

function parseStrings(text) {
  try { return JSON.parse(text); } catch (error) {
    throw new Error("arbitre-faq: strings: expected a JSON object, got " + text);
  }
}

if (!customElements.get("arbitre-faq")) {
  customElements.define("arbitre-faq", class extends HTMLElement {
    static get observedAttributes() { return ATTRIBUTES; }
    connectedCallback() {
      if (this.widget) this.widget.destroy();
      // Light unless the page asks: a dark box on a light page is worse than a light one on a dark page.
      if (!this.hasAttribute("theme")) this.setAttribute("theme", "light");
      var element = this;
      this.widget = mount(this, optionsFrom(function (name) { return element.getAttribute(name); }));
    }
    attributeChangedCallback(name, before, after) {
      if (this.widget && before !== after && name !== "theme") this.connectedCallback();
    }
    disconnectedCallback() { if (this.widget) this.widget.destroy(); this.widget = null; }
  });
}

if (SCRIPT && SCRIPT.dataset.game) {
  var created = document.createElement("arbitre-faq");
  ATTRIBUTES.forEach(function (name) {
    if (SCRIPT.dataset[name]) created.setAttribute(name, SCRIPT.dataset[name]);
  });
  if (!created.hasAttribute("api")) created.setAttribute("api", DEFAULT_API);
  if (SCRIPT.parentNode && SCRIPT.parentNode !== document.head) SCRIPT.after(created);
  else if (document.body) document.body.append(created);
  else document.addEventListener("DOMContentLoaded", function () { document.body.append(created); });
}

window.ArbitreFAQ = { mount: mount, createClient: createClient, anchorOf: anchorOf };
