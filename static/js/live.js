// Ludus live updates: what htmx swaps in must never take away what the player is doing.
//
// - A swapped container is made of parts (elements with data-part and an id). A part that did
//   not change is not replaced, and neither is a part holding a form the player is editing
//   (focus in one of its fields, a field changed from what the page gave, or an open
//   confirmation question), unless the request came from that very form (its answer
//   replaces it). Polled sections name their parts with hx-select-oob; a container swapped
//   whole (the orders form) gets the unchanged parts marked hx-preserve, so htmx keeps the
//   very same elements.
// - Focus stays where it was: htmx refocuses an element whose id comes back; an element that is
//   gone hands focus to its data-focus-fallback, else to the new content's [data-landing] or
//   first heading. A rebuilt <main> always lands there.
// - News is read out by the page's one live region (#live-status, outside everything swapped):
//   an element's data-announce is read when its text changes, and flash messages ([data-flash])
//   when they arrive.
(function () {
  "use strict";

  // --- What changed, and what the player is editing ---------------------------------------

  function normalised(element) {
    const copy = element.cloneNode(true);
    // A fresh CSRF token, htmx's transient classes, a time's words ("in 3 hours", a ticking
    // countdown: its datetime attribute still says when) and the board's roving tab stop
    // change without anything on the page changing.
    for (const token of copy.querySelectorAll('input[name="csrfmiddlewaretoken"]')) token.remove();
    for (const time of copy.querySelectorAll("time[datetime]")) time.textContent = "";
    for (const button of copy.querySelectorAll('[role="grid"] button')) button.removeAttribute("tabindex");
    for (const node of [copy, ...copy.querySelectorAll("[class]")]) {
      for (const name of [...node.classList]) {
        if (name.startsWith("htmx-")) node.classList.remove(name);
      }
      if (node.classList && node.classList.length === 0) node.removeAttribute("class");
    }
    return copy;
  }

  function same(current, fresh) {
    return normalised(current).isEqualNode(normalised(fresh));
  }

  function changed(field) {
    if (field.type === "checkbox" || field.type === "radio") {
      return field.checked !== field.defaultChecked;
    }
    if (field.tagName === "SELECT") {
      const options = [...field.options];
      const given = options.findIndex((o) => o.defaultSelected);
      return field.selectedIndex !== (given === -1 && !field.multiple ? 0 : given);
    }
    if (field.tagName === "TEXTAREA" || /^(text|search|number|email|url|tel|password|date|datetime-local|time)$/.test(field.type)) {
      return field.value !== field.defaultValue;
    }
    return false;
  }

  function editing(part, source) {
    const sourceForm = source && source.tagName === "FORM" ? source : source && source.form;
    // An open question ("Are you sure?" swapped in for a GM's button, an order's disclosure) is
    // being answered even while focus is on its buttons: a poll must not take it away.
    for (const question of part.querySelectorAll('[role="alertdialog"], details[open]')) {
      if (!sourceForm || !question.contains(sourceForm)) return true;
    }
    for (const field of part.querySelectorAll("input, select, textarea")) {
      if (sourceForm && field.form === sourceForm) continue;
      if (field.type === "hidden") continue;
      if (field === document.activeElement || changed(field)) return true;
    }
    return false;
  }

  // --- Swaps ----------------------------------------------------------------------------------

  let source = null; // the element whose request is being swapped in
  let focusBefore = null;
  let rebuilt = null; // a swap target whose content is all new (focus lands in it)

  document.addEventListener("htmx:beforeSwap", (event) => {
    const detail = event.detail;
    source = detail.requestConfig ? detail.requestConfig.elt : detail.elt;
    focusBefore = document.activeElement;
    rebuilt = detail.target && detail.target.tagName === "MAIN" ? detail.target : null;
    const target = detail.target;
    if (!detail.shouldSwap || !target || !target.id || !target.querySelector("[data-part]")) return;
    if (typeof detail.serverResponse !== "string" || /^\s*<(!doctype|html)/i.test(detail.serverResponse)) return;
    const template = document.createElement("template");
    template.innerHTML = detail.serverResponse;
    const fresh = template.content.getElementById(target.id);
    if (!fresh) return;
    if (same(target, fresh)) {
      detail.shouldSwap = false;
      return;
    }
    if (target.hasAttribute("hx-select-oob")) return; // a poller: its parts are swapped out of band
    for (const part of fresh.querySelectorAll("[data-part][id]")) {
      const current = document.getElementById(part.id);
      if (current && target.contains(current) && (same(current, part) || editing(current, source))) {
        part.setAttribute("hx-preserve", "true");
      }
    }
    detail.serverResponse = template.innerHTML;
  });

  document.addEventListener("htmx:oobBeforeSwap", (event) => {
    const detail = event.detail;
    const fresh = detail.fragment && detail.fragment.firstElementChild;
    if (!fresh || !detail.target) return;
    if (same(detail.target, fresh) || editing(detail.target, source)) {
      detail.shouldSwap = false;
    }
  });

  function landing(root) {
    const spot = root.querySelector("[data-landing]") || root.querySelector("h1, h2, h3");
    if (spot && !spot.hasAttribute("tabindex")) spot.setAttribute("tabindex", "-1");
    return spot;
  }

  // Focus is remembered per request (its xhr), never in one shared variable: a poll answered
  // while a press is on its way must not make the press forget where focus was.
  // - pressed: the id of the element focused when the request went out (on a busy machine the
  //   browser or another swap may have taken focus away before the answer arrives);
  // - kept: the element holding focus once the answer is in, given focus again after htmx
  //   settles if focus was lost on the way (seen on loaded machines).
  const pressed = new WeakMap();
  const kept = new WeakMap();

  document.addEventListener("htmx:beforeRequest", (event) => {
    const active = document.activeElement;
    if (event.detail.xhr && active && active !== document.body && active.id) {
      pressed.set(event.detail.xhr, active.id);
    }
  });

  function keepFocus(swapped, xhr) {
    const now = document.activeElement;
    const lost = !now || now === document.body;
    let was = focusBefore;
    focusBefore = null;
    const pressedId = xhr && pressed.get(xhr);
    if (lost && (!was || was === document.body) && pressedId && !rebuilt) {
      was = { id: pressedId, isConnected: false, dataset: {} }; // give it back by its id
    }
    let spot = lost ? null : now;
    if (rebuilt) {
      // The page's content was rebuilt: focus that was in it (or nowhere) lands on the new
      // content's landing spot; focus elsewhere (the header) stays.
      const fresh = document.querySelector("main") || swapped;
      rebuilt = null;
      if (lost || (was && !was.isConnected)) spot = landing(fresh);
    } else if (lost && was && was !== document.body) {
      // A kept part moved without moveBefore is still connected; else its twin by id, its
      // data-focus-fallback, or the swapped content's landing spot.
      const twin = was.isConnected ? was : was.id && document.getElementById(was.id);
      const fallback = was.dataset && was.dataset.focusFallback && document.getElementById(was.dataset.focusFallback);
      spot = twin || fallback || (swapped && swapped.isConnected ? landing(swapped) : null);
    }
    if (spot && spot !== document.activeElement) spot.focus({ preventScroll: true });
    if (spot && xhr) kept.set(xhr, spot);
  }

  document.addEventListener("htmx:afterSettle", (event) => {
    const xhr = event.detail.xhr;
    const spot = xhr && kept.get(xhr);
    if (!spot) return;
    kept.delete(xhr);
    const now = document.activeElement;
    if (now && now !== document.body) return;
    const again = spot.isConnected ? spot : spot.id && document.getElementById(spot.id);
    if (again) again.focus({ preventScroll: true });
  });

  // --- The one live region -------------------------------------------------------------------

  const said = new Map();
  const heard = new WeakSet();

  function announce(text) {
    const region = document.getElementById("live-status");
    if (!region || !text) return;
    // The same words twice in a row are still news: a no-break space makes them differ.
    region.textContent = region.textContent === text ? `${text}\u00a0` : text;
  }

  function listen(root) {
    for (const element of root.querySelectorAll("[data-announce]")) {
      said.set(element.id, element.dataset.announce.trim());
    }
    for (const list of root.querySelectorAll("[data-flash]")) heard.add(list);
  }

  function news() {
    const lines = [];
    for (const list of document.querySelectorAll("[data-flash]")) {
      if (!heard.has(list)) {
        heard.add(list);
        lines.push(list.textContent.trim().replace(/\s+/g, " "));
      }
    }
    for (const element of document.querySelectorAll("[data-announce]")) {
      const text = element.dataset.announce.trim();
      if (element.id && said.get(element.id) !== text) {
        said.set(element.id, text);
        if (text) lines.push(text);
      }
    }
    announce(lines.join(" "));
  }

  document.addEventListener("DOMContentLoaded", () => listen(document));
  document.addEventListener("htmx:afterSwap", (event) => {
    // What was swapped: the target, or the element that replaced it (an outerHTML swap).
    const target = event.detail.target || event.detail.elt;
    const swapped = target && !target.isConnected && target.id ? document.getElementById(target.id) : target;
    keepFocus(swapped, event.detail.xhr);
    news();
  });

  window.Ludus = Object.assign(window.Ludus || {}, { announce });
})();
