// Ludus's service worker: it shows a push as a notification and opens its page when tapped.
// Nothing else (no cache, no fetch handler): every page still comes from the server. A push
// carries only a title and a link (docs/notifications.md).
"use strict";

self.addEventListener("push", (event) => {
  let message = { title: "Ludus", url: "/inbox/" };
  try {
    message = Object.assign(message, event.data ? event.data.json() : {});
  } catch (error) {
    // Not the JSON the site sends: show the plain title and the inbox.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, { data: { url: message.url } })
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data.url, self.location.origin);
  // Only pages of this site are opened.
  if (url.origin !== self.location.origin) return;
  event.waitUntil(self.clients.openWindow(url.href));
});
