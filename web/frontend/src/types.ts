// The JSON of GET /api/games/{no} and of the socket's "table" messages (web/server.py `table_state`):
// the engine's view dataclasses as `dataclasses.asdict` writes them (tuples become arrays).

export type Tile = [number, number];

export interface Legal {
  text: string;
  // fives: what it scores and the tile it plays; Domineren: kind, tile, target, dir, gain; Five Hundred:
  // kind and cards
  points?: number;
  tile?: Tile | null;
  kind?: string;
  target?: number;
  dir?: number;
  gain?: number;
  each?: number;
  game_type?: string | null;
  cards?: string[];
}

export interface HandResult {
  reason: string;
  points: number[];
  detail: Record<string, unknown>;
}

export interface View {
  game_id: string;
  players: number;
  seat: number | null;
  options: Record<string, unknown>;
  hand_no: number;
  current_seat: number | null;
  turn: number;
  over: boolean;
  winner: number[] | null;
  scores: number[];
  hand: (Tile | string)[] | null;
  legal: Legal[];
  last: [number, string] | [number, string, number[]] | null;
  history: [number, string][];
  hands: HandResult[];
  sides?: number[][];
  [key: string]: unknown;
}

export interface FivesPlaced {
  a: number;
  b: number;
  parent: number;
  dir: number;
  double: boolean;
  spinner: boolean;
}

export interface FivesView extends View {
  layout: FivesPlaced[];
  ends: [number, number, number, boolean][];
  end_count: number;
  boneyard: number;
  hand_sizes: number[];
  target: number | null;
  muggins_unit: number;
}

export interface DominerenPlaced {
  tile: Tile;
  a: number;
  b: number;
  parent: number;
  dir: number;
  arm: number;
  rule: string;
  special: boolean;
  seat: number;
}

export interface OpenEnd {
  number: number;
  node: number;
  dir: number;
  arm: number;
  rule: string;
  need: string;
  open: boolean;
  directed: boolean;
}

export interface Billitonnen {
  rows: (Tile | null)[][];
  line: DominerenPlaced[];
  end_w: number;
  end_e: number;
  first: number;
  turned: Tile | null;
  peeked: Tile | null;
  winner: number | null;
}

export interface DominerenView extends View {
  phase: string;
  hands_total: number;
  pool: number;
  game_type: { id: string; name: string; declaration: string; directed: string } | null;
  layout: DominerenPlaced[];
  ends: OpenEnd[];
  talon: number;
  declared: Tile[][];
  hand_sizes: number[];
  billitonnen: Billitonnen | null;
}

export interface FiveHundredView extends View {
  phase: string;
  dealer: number;
  auction: [number, string][];
  high_bid: string | null;
  high_bidder: number | null;
  contract: string | null;
  declarer: number | null;
  trump: string | null;
  called: string[];
  trick: [number, string][];
  last_trick: [number, string][];
  last_trick_winner: number | null;
  tricks: number[];
  hand_sizes: number[];
  widow_size: number;
  discard_count: number;
  exposed: string[] | null;
  taken: string[] | null;
}

export interface Seat {
  index: number;
  name: string;
  computer: boolean;
}

export interface TableState {
  game_no: number;
  game_id: string;
  status: string;
  seats: Seat[];
  turn: number;
  public: View;
  you: { seat: number; your_turn: boolean; view: View } | null;
  /** When the human to play runs out of time (Unix seconds), as the board says; null on a computer's turn. */
  deadline?: number | null;
  /** The table's host offers hints: a seat may ask for one on its turn (POST /api/games/{no}/hint). */
  hints?: boolean;
}

export function family(gameId: string): "fives" | "domineren" | "five-hundred" {
  if (gameId === "domineren") return "domineren";
  if (gameId === "five-hundred") return "five-hundred";
  return "fives"; // the fives family and Draw
}
