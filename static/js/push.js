// "Send notifications to this device" on the notification settings page: register the
// service worker (/sw.js), subscribe with the site's VAPID key, and post the subscription to
// the site; or unsubscribe and tell the site to forget it.
(function () {
  "use strict";

  const box = document.getElementById("push");
  if (!box) return;
  const button = box.querySelector("button");
  const status = box.querySelector("[role=status]");
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
    status.textContent = "This browser cannot receive notifications from a site.";
    return;
  }

  function keyBytes(base64url) {
    const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(text, (c) => c.charCodeAt(0));
  }

  async function tell(fields) {
    const answer = await fetch(box.dataset.url, {
      method: "POST",
      headers: { "X-CSRFToken": box.dataset.csrf },
      body: new URLSearchParams(fields),
      credentials: "same-origin",
    });
    const said = await answer.json();
    if (!said.ok) throw new Error(said.error);
  }

  async function current() {
    const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    return [registration, await registration.pushManager.getSubscription()];
  }

  function show(subscribed) {
    button.textContent = subscribed
      ? "Stop notifications on this device"
      : "Send notifications to this device";
    button.dataset.subscribed = subscribed ? "yes" : "";
    button.hidden = false;
  }

  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const [registration, found] = await current();
      if (found) {
        await tell({ endpoint: found.endpoint, remove: "yes" });
        await found.unsubscribe();
        status.textContent = "This device gets no notifications now.";
        show(false);
      } else {
        const made = await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(box.dataset.key),
        });
        const sent = made.toJSON();
        await tell({ endpoint: sent.endpoint, p256dh: sent.keys.p256dh, auth: sent.keys.auth });
        status.textContent = "This device gets the notifications you chose below.";
        show(true);
      }
    } catch (error) {
      status.textContent = `Not done: ${error.message}`;
    } finally {
      button.disabled = false;
    }
  });

  current().then(([, found]) => show(Boolean(found)), (error) => {
    status.textContent = `Not available here: ${error.message}`;
  });
})();
