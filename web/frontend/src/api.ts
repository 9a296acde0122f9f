// The table's API (docs/web.md): GET the table, POST a move, and a socket that pushes the table whenever
// the game moves on. The session is the `?token=` of the page's address (the browser demo, the Activity)
// sent as a bearer token, else the fives_session cookie (then a POST carries the CSRF header). Every request
// names the page's language (a GET's `?lang=`, a POST's body), so the server's refusals speak it too.

import type { Analysis } from "./analysis";
import type { Replay } from "./replay";
import type { TableState } from "./types";

export interface Answer {
  ok: boolean;
  status: number;
  error?: string;
}

/** A hint's answer (web/hints.py): the move and its line in the page's language, or why there is none. */
export interface HintAnswer extends Answer {
  move?: string;
  line?: string;
  unrated?: string;
}

/** What a refused request says: the server's line (web/refusals.py, in the page's language) where it sent
 *  one as text, else the bare status (a proxy's page or an empty answer is no line to show a player). */
export async function refusal(response: Response): Promise<string> {
  const type = response.headers.get("Content-Type") ?? "";
  const text = type.startsWith("text/plain") ? (await response.text().catch(() => "")).trim() : "";
  return text || String(response.status);
}

export class Api {
  constructor(
    readonly gameNo: number,
    readonly token: string | null,
    readonly lang = "en",
  ) {}

  private get langQuery(): string {
    return `lang=${encodeURIComponent(this.lang)}`;
  }

  private headers(): Record<string, string> {
    return this.token ? { Authorization: `Bearer ${this.token}` } : { "X-Fives-CSRF": "1" };
  }

  async table(): Promise<TableState> {
    const response = await fetch(`/api/games/${this.gameNo}?${this.langQuery}`, { headers: this.headers(), credentials: "same-origin" });
    if (!response.ok) throw new Error(await refusal(response));
    return (await response.json()) as TableState;
  }

  async replay(): Promise<Replay> {
    const response = await fetch(`/api/games/${this.gameNo}/replay?${this.langQuery}`, { headers: this.headers(), credentials: "same-origin" });
    if (!response.ok) throw new Error(await refusal(response));
    return (await response.json()) as Replay;
  }

  /** The session's own analysis of this ended game (web/analysis.py), its lines in `lang`. */
  async analysis(lang: string): Promise<Analysis> {
    return (await this.post("analysis", { lang })) as Analysis;
  }

  /** A move; a refusal comes back worded in `lang`, as Discord words it. */
  async act(action: string, turn: number, lang = "en"): Promise<Answer> {
    return this.post("act", { action, turn, lang });
  }

  async hint(turn: number, lang: string): Promise<HintAnswer> {
    return this.post("hint", { turn, lang });
  }

  private async post(what: string, body: object): Promise<Answer> {
    const response = await fetch(`/api/games/${this.gameNo}/${what}`, {
      method: "POST",
      headers: { ...this.headers(), "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(body),
    });
    // a refusal before the move is looked at (no session, too many requests) is a line of text, not JSON
    if ((response.headers.get("Content-Type") ?? "").startsWith("text/plain")) {
      return { ok: false, status: response.status, error: await refusal(response) };
    }
    try {
      return (await response.json()) as Answer;
    } catch {
      return { ok: false, status: response.status, error: String(response.status) };
    }
  }

  socketUrl(since: number): string {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const token = this.token ? `&token=${encodeURIComponent(this.token)}` : "";
    return `${scheme}//${location.host}/api/games/${this.gameNo}/ws?since=${since}&${this.langQuery}${token}`;
  }
}

/** Backoff before the n-th reconnection attempt: 0.5 s doubling up to 10 s. */
export function backoff(attempt: number): number {
  return Math.min(10_000, 500 * 2 ** Math.max(0, attempt));
}

export type LinkStatus = "connecting" | "open" | "lost" | "expired";

/** The close code of a socket whose session expired (web/server.py EXPIRED): reconnecting cannot help. */
export const EXPIRED = 4001;

/** The socket, reopened with backoff after any loss, each time `since` the last turn the page showed. */
export class Live {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private stopped = false;

  constructor(
    private readonly api: Api,
    private readonly since: () => number,
    private readonly onTable: (state: TableState) => void,
    private readonly onStatus: (status: LinkStatus) => void,
  ) {}

  get open(): boolean {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  connect(): void {
    if (this.stopped) return;
    this.onStatus(this.attempt ? "lost" : "connecting");
    const ws = new WebSocket(this.api.socketUrl(this.since()));
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.attempt = 0;
      this.onStatus("open");
    });
    ws.addEventListener("message", (event) => {
      let message: { type?: string } & Partial<TableState>;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (message.type === "table") this.onTable(message as TableState);
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws || this.stopped) return;
      this.ws = null;
      if (event.code === EXPIRED) {
        this.stopped = true;
        this.onStatus("expired");
        return;
      }
      this.onStatus("lost");
      const delay = backoff(this.attempt++);
      window.setTimeout(() => this.connect(), delay);
    });
  }

  stop(): void {
    this.stopped = true;
    this.ws?.close();
  }
}
