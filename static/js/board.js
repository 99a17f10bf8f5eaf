// The orders board: a grid of buttons with a single tab stop (a roving tabindex). Arrow keys
// move between squares, Home and End to the ends of a rank, Ctrl+Home and Ctrl+End to the
// corners, Page Up and Page Down to the top and bottom ranks; Enter or Space presses the square
// (a real button). Without this script every square is a tab stop and still works.
(function () {
  "use strict";

  const GRID = '[role="grid"]';

  function rows(grid) {
    return [...grid.querySelectorAll("tbody tr")].map((tr) => [...tr.querySelectorAll("button")]);
  }

  function makeStop(grid, button) {
    for (const other of grid.querySelectorAll("button")) other.tabIndex = other === button ? 0 : -1;
  }

  function setUp(grid) {
    const focused = document.activeElement;
    const stop =
      (grid.contains(focused) && focused.tagName === "BUTTON" && focused) ||
      grid.querySelector("button[data-start]") ||
      grid.querySelector("button");
    if (stop) makeStop(grid, stop);
  }

  function target(grid, from, event) {
    const all = rows(grid);
    let r = all.findIndex((row) => row.includes(from));
    let c = all[r].indexOf(from);
    const last = all.length - 1;
    switch (event.key) {
      case "ArrowUp": r -= 1; break;
      case "ArrowDown": r += 1; break;
      case "ArrowLeft": c -= 1; break;
      case "ArrowRight": c += 1; break;
      case "Home": c = 0; if (event.ctrlKey) r = 0; break;
      case "End": c = all[r].length - 1; if (event.ctrlKey) r = last; break;
      case "PageUp": r = 0; break;
      case "PageDown": r = last; break;
      default: return null;
    }
    r = Math.min(Math.max(r, 0), last);
    c = Math.min(Math.max(c, 0), all[r].length - 1);
    return all[r][c];
  }

  document.addEventListener("keydown", (event) => {
    const button = event.target.closest && event.target.closest(`${GRID} button`);
    if (!button || event.altKey || event.metaKey) return;
    const grid = button.closest(GRID);
    const next = target(grid, button, event);
    if (!next) return;
    event.preventDefault();
    makeStop(grid, next);
    next.focus();
  });

  // Whichever square gets focus (a click, focus kept across a swap) becomes the tab stop.
  document.addEventListener("focusin", (event) => {
    const button = event.target.closest && event.target.closest(`${GRID} button`);
    if (button) makeStop(button.closest(GRID), button);
  });

  function setUpAll(root) {
    const grids = root.matches && root.matches(GRID) ? [root] : [];
    for (const grid of [...grids, ...root.querySelectorAll(GRID)]) setUp(grid);
  }

  document.addEventListener("DOMContentLoaded", () => setUpAll(document));
  document.addEventListener("htmx:load", (event) => setUpAll(event.detail.elt));
})();
