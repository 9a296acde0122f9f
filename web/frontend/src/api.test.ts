import { afterEach, describe, expect, it, vi } from "vitest";
import { Api, refusal } from "./api";

const line = (text: string, status: number): Response =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

describe("the server's refusals", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("are the server's own line without the status, or the bare status where no line came back", async () => {
    expect(await refusal(line("ゲームはまだ続いています。", 409))).toBe("ゲームはまだ続いています。");
    expect(await refusal(line("  ", 404))).toBe("404");
    expect(await refusal(new Response("<html>Bad Gateway</html>", { status: 502, headers: { "Content-Type": "text/html" } }))).toBe("502");
  });

  it("are asked in the page's language: a GET names it, and its refusal is the message as it came", async () => {
    const asked: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      asked.push(url);
      return line("ゲームはまだ続いています。リプレイはゲームが終わってから開けます。", 409);
    });
    const api = new Api(7, "token", "ja");
    await expect(api.replay()).rejects.toThrow(/^ゲームはまだ続いています。リプレイはゲームが終わってから開けます。$/);
    await expect(api.table()).rejects.toThrow(/^ゲーム/);
    expect(asked).toEqual(["/api/games/7/replay?lang=ja", "/api/games/7?lang=ja"]);
  });

  it("of a POST refused before its move is read (a text line, not JSON) are that line", async () => {
    vi.stubGlobal("fetch", async () => line("先にログインしてください。", 401));
    expect(await new Api(7, null, "ja").act("draw", 3, "ja")).toEqual({ ok: false, status: 401, error: "先にログインしてください。" });
  });
});
