// The Discord client's half of the Embedded App SDK's RPC (window.postMessage between the client and the
// Activity's iframe), as far as the Activity's login needs it: the handshake answered with READY, AUTHORIZE
// answered with the code the test's fake Discord issued, AUTHENTICATE with the user the access token
// belongs to, anything else (the SDK's console capture) with an empty answer. Served by
// tests/web/test_browser_activity.py at /fake-discord-client/ on the table's own origin, which the SDK
// accepts messages from. It keeps everything it was asked in window.fakeDiscord for the test to read.
const params = new URLSearchParams(location.search);
const frame = document.getElementById("activity");
const asked = { handshake: null, commands: [], authenticated: null };
window.fakeDiscord = asked;

function answer(body) {
  frame.contentWindow.postMessage([1, body], location.origin);
}

window.addEventListener("message", (event) => {
  if (event.source !== frame.contentWindow || !Array.isArray(event.data)) return;
  const [opcode, payload] = event.data;
  if (opcode === 0) {
    asked.handshake = payload;
    answer({
      cmd: "DISPATCH",
      evt: "READY",
      nonce: null,
      data: { v: 1, config: { cdn_host: "cdn.discordapp.com", api_endpoint: "//discord.com/api", environment: "production" } },
    });
    return;
  }
  if (opcode !== 1) return;
  const { cmd, args, nonce } = payload;
  if (cmd !== "CAPTURE_LOG") asked.commands.push({ cmd, args });
  if (cmd === "AUTHORIZE") {
    answer({ cmd, nonce, evt: null, data: { code: params.get("code") } });
  } else if (cmd === "AUTHENTICATE") {
    asked.authenticated = args.access_token;
    answer({
      cmd,
      nonce,
      evt: null,
      data: {
        access_token: args.access_token,
        user: { id: params.get("user"), username: "ann", discriminator: "0", public_flags: 0, global_name: "Ann" },
        scopes: ["identify"],
        expires: new Date(Date.now() + 604800000).toISOString(),
        application: { id: asked.handshake.client_id, name: "fives", description: "" },
      },
    });
  } else {
    answer({ cmd, nonce, evt: null, data: null });
  }
});

// Discord opens the Activity at its URL mapping's root with the launch's context in the query
const query = new URLSearchParams({
  frame_id: "frame-1",
  instance_id: "instance-1",
  platform: "desktop",
  guild_id: params.get("guild"),
  channel_id: params.get("channel"),
});
frame.src = `/?${query}`;
