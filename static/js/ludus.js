// Ludus: the little JavaScript the pages need beyond htmx.
// htmx swaps a 400 (base.html's htmx-config: a refused action is its page again, with the
// reason in the flash) but no other error, so a forbidden action (403) or a server error would
// otherwise look like a button that does nothing: say what happened instead, in a toast.
(function () {
  "use strict";

  function toast(text) {
    let box = document.getElementById("toast");
    if (!box) {
      box = document.createElement("div");
      box.id = "toast";
      box.className = "toast message error";
      document.body.appendChild(box);
    }
    box.textContent = text;
    // Read out by the page's one live region (live.js), not by a second one of its own.
    if (window.Ludus && window.Ludus.announce) window.Ludus.announce(text);
    clearTimeout(box._hide);
    box._hide = setTimeout(() => box.remove(), 8000);
  }

  // A refusal htmx does not swap is said in the toast here, before the swap, and marked as
  // handled: htmx would otherwise also log it as an error in the console.
  document.addEventListener("htmx:beforeSwap", (event) => {
    if (!event.detail.isError) {
      return;
    }
    event.detail.isError = false;
    event.detail.shouldSwap = false;
    const xhr = event.detail.xhr;
    let text = `The server refused this (${xhr.status}).`;
    const page = new DOMParser().parseFromString(xhr.responseText || "", "text/html");
    const reason = page.querySelector("main p");
    if (reason && reason.textContent.trim()) {
      text = reason.textContent.trim();
    }
    toast(text);
  });

  // Deadlines count down in place: only the text of each <time data-countdown> changes, so
  // nothing on the page moves and focus stays where it is.
  function left(ms) {
    if (ms <= 0) {
      return "the deadline has passed";
    }
    const minutes = Math.floor(ms / 60000);
    const days = Math.floor(minutes / 1440);
    const hours = Math.floor((minutes % 1440) / 60);
    const parts = [];
    if (days) parts.push(`${days} day${days === 1 ? "" : "s"}`);
    if (hours) parts.push(`${hours} hour${hours === 1 ? "" : "s"}`);
    if (!days) parts.push(`${minutes % 60} minute${minutes % 60 === 1 ? "" : "s"}`);
    return `${parts.join(", ")} left`;
  }

  function countDown() {
    for (const time of document.querySelectorAll("time[data-countdown]")) {
      const due = Date.parse(time.getAttribute("datetime"));
      if (!Number.isNaN(due)) {
        const text = left(due - Date.now());
        if (time.textContent !== text) time.textContent = text;
      }
    }
  }

  // The page title says how many turns wait for the player's orders; the list refreshes
  // itself (htmx), and the title follows it.
  const NEEDED = /^Your orders are needed \(\d+\) · /;
  function titleFollows() {
    const list = document.getElementById("orders-needed");
    if (!list) return;
    const count = Number(list.dataset.count || 0);
    const base = document.title.replace(NEEDED, "");
    document.title = count ? `Your orders are needed (${count}) · ${base}` : base;
  }

  // "Are you sure?" swapped in place of the button pressed (campaign/confirm.py): the button is
  // gone, so focus would fall back to the top of the page. It goes to the question instead,
  // which a screen reader reads out; the next Tab reaches the answers. Not to "Yes" itself:
  // a second press of Enter must not sell or void by accident.
  document.addEventListener("htmx:load", (event) => {
    const added = event.detail.elt;
    if (added.matches && added.matches("form.confirm")) {
      added.focus();
    }
  });

  // A "Copy" button (data-copy: the id of the box it copies) puts the box's text on the
  // clipboard and says so through the page's one live region. Without JavaScript the text is
  // still in its box to select.
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("button[data-copy]");
    if (!button) return;
    const box = document.getElementById(button.dataset.copy);
    if (!box || !navigator.clipboard) {
      toast("Copying is not available here: select the text and copy it.");
      return;
    }
    navigator.clipboard.writeText(box.value !== undefined ? box.value : box.textContent).then(
      () => {
        if (window.Ludus && window.Ludus.announce) window.Ludus.announce("Copied");
      },
      () => toast("The text could not be copied: select it and copy it."),
    );
  });

  // The words beside an absolute time ("in 3 hours", "2 days ago"; templatetags/times.py)
  // stay true while the page is open: its largest unit, as the server words it.
  const UNITS = [["year", 525600], ["month", 43200], ["week", 10080], ["day", 1440], ["hour", 60], ["minute", 1]];
  function relative(ms) {
    const minutes = Math.floor(Math.abs(ms) / 60000);
    if (minutes < 1) return "now";
    const [unit, size] = UNITS.find(([, size]) => minutes >= size);
    const count = Math.floor(minutes / size);
    const words = `${count}\u00a0${unit}${count === 1 ? "" : "s"}`;
    return ms > 0 ? `in ${words}` : `${words} ago`;
  }

  function wordsFollow() {
    for (const words of document.querySelectorAll("time[datetime] [data-relative]")) {
      const at = Date.parse(words.parentElement.getAttribute("datetime"));
      if (Number.isNaN(at)) continue;
      const text = `(${relative(at - Date.now())})`;
      if (words.textContent !== text) words.textContent = text;
    }
  }

  // A signed-in user with no time zone yet: send the browser's once (campaign/time_zones.py
  // saves it only while none is set, so it never undoes a choice made on the account page).
  function sendTimeZone() {
    const to = document.body.dataset.timeZoneTo;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const token = JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"];
    if (!to || !zone || !token) return;
    const body = new URLSearchParams({ time_zone: zone, detected: "on" });
    fetch(to, { method: "POST", body, headers: { "X-CSRFToken": token }, credentials: "same-origin" });
  }

  document.addEventListener("DOMContentLoaded", countDown);
  document.addEventListener("DOMContentLoaded", sendTimeZone);
  setInterval(wordsFollow, 30000);
  document.addEventListener("htmx:afterSettle", () => {
    countDown();
    wordsFollow();
    titleFollows();
  });
  setInterval(countDown, 1000);

  document.addEventListener("htmx:sendError", () => {
    toast("The server could not be reached. Check the connection and try again.");
  });
})();
