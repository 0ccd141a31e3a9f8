// Types of queens-sat's JavaScript package (index.js): the answers are the objects the CLI's
// --json prints for check, solve, count, explain and hint (backend "wasm").

/** A puzzle as the CLI reads it: an object, its JSON text, or a puzz.link starbattle URL. */
export type PuzzleInput = PuzzleObject | string;

export type Rule = "no-touch" | "queens";
export type Cell = [number, number];

export interface PuzzleObject {
  id?: string | number;
  n?: number;
  rule?: Rule;
  /** rows of one-character labels ("AABB"), or lists of labels (numbers or strings) */
  regions?: string[] | Array<Array<number | string>>;
  stars?: number;
  givens?: { queens?: Cell[]; blocked?: Cell[] };
  [meta: string]: unknown;
}

/** A checked puzzle (parsePuzzle): regions numbered by first appearance. */
export interface Puzzle {
  n: number;
  rule: Rule;
  stars: number;
  regions: number[][] | null;
  labels: string[] | null;
  queens: Cell[];
  blocked: Cell[];
}

/** Where a record came from, as the CLI reports it. */
export interface RecordOptions {
  source?: string | null;
  line?: number | null;
}

export interface SearchOptions extends RecordOptions {
  /** seconds; none by default */
  timeLimit?: number;
}

export interface LogicOptions extends SearchOptions {
  /** deepest contradiction probe (default 2; 0 for none) */
  maxDepth?: number;
}

export interface CheckOptions extends LogicOptions {
  /** false: no logic verdict (the CLI's --no-logic) */
  logic?: boolean;
}

export interface CountOptions extends SearchOptions {
  /** stop at this many solutions */
  limit?: number;
}

/** A solution: the queen's column of each row, or for k stars the k columns of each row. */
export type Solution = number[] | number[][];

export interface Unit {
  kind: "row" | "column" | "region";
  index: number;
}

export interface Step {
  rule: string;
  technique: string;
  depth: number;
  placed: Cell[];
  crossed: Cell[];
  units: Unit[];
  lines: Unit[];
  cell: Cell | null;
  forced: Cell[];
  assumed?: "star" | "cross";
  stars?: number;
  blocks?: Cell[];
  /** the step in words, rows and columns counted from 1 ("r6c1") */
  text: string;
}

export type Grade = "Trivial" | "Easy" | "Medium" | "Hard" | "Expert";
export type LogicStatus = "solved" | "stuck" | "contradiction" | "timed-out";

export interface LogicVerdict {
  status: LogicStatus;
  solved: boolean;
  grade: Grade | null;
  hardest: string | null;
  hardest_count: number;
  score: number;
  max_depth: number;
  depth_limit: number;
  step_count: number;
  counts: Record<string, number>;
  elapsed: number;
  solution: Solution | null;
  contradiction?: { units: Unit[]; lines: Unit[] };
}

interface Located {
  source: string | null;
  line: number | null;
  id: string | null;
}

export interface Invalid extends Located {
  status: "invalid";
  error: string;
}

export interface CheckAnswer extends Located {
  n?: number;
  rule?: Rule;
  stars?: number;
  status: "unique" | "multiple" | "none" | "unknown" | "invalid";
  count?: number;
  complete?: boolean;
  timed_out?: boolean;
  solutions?: Solution[];
  elapsed?: number;
  backend?: "wasm";
  stats?: { nodes: number };
  logic: LogicVerdict | null;
  warnings: string[];
  error: string | null;
}

export interface SolveAnswer extends Located {
  status: "solved" | "none" | "unknown";
  solution: Solution | null;
  elapsed: number;
  backend: "wasm";
}

export interface CountAnswer extends Located {
  count: number;
  exact: boolean;
  timed_out: boolean;
  elapsed: number;
  backend: "wasm";
}

export interface LogicAnswer extends Located, LogicVerdict {
  n: number;
  rule: Rule;
  stars?: number;
  summary: string;
  steps: Step[];
}

/** The player's marks: queens (stars) placed and cells crossed out, [row, column] from 0. */
export interface Position {
  queens?: Cell[];
  blocked?: Cell[];
}

export interface HintAnswer {
  source: string | null;
  status: "hint" | "none" | LogicStatus;
  position: "unique" | "multiple" | "none" | "unknown";
  implied: Cell[];
  step: Step | null;
}

export class QueensSatError extends Error {}
export class PuzzleError extends QueensSatError {
  /** the message without its place */
  reason: string;
  source: string | null;
  line: number | null;
  /** 0-based, as the CLI's messages say it; null when the error is not about one row */
  row: number | null;
  column: number | null;
}
export class FormatError extends PuzzleError {}
export class BackendError extends QueensSatError {}

/** Loads the module (once; every call awaits it). */
export function init(): Promise<unknown>;
/** Where queens-sat.wasm comes from when not beside index.js: a URL, its bytes, or a compiled module. */
export function setWasmSource(source: string | URL | ArrayBuffer | ArrayBufferView | WebAssembly.Module): void;
export function parsePuzzle(input: PuzzleInput, options?: RecordOptions): Puzzle;
export function puzzleObject(puzzle: Puzzle): PuzzleObject;
export function check(puzzle: PuzzleInput, options?: CheckOptions): Promise<CheckAnswer>;
export function solve(puzzle: PuzzleInput, options?: SearchOptions): Promise<SolveAnswer | Invalid>;
export function count(puzzle: PuzzleInput, options?: CountOptions): Promise<CountAnswer | Invalid>;
export function logic(puzzle: PuzzleInput, options?: LogicOptions): Promise<LogicAnswer | Invalid>;
export function hint(puzzle: PuzzleInput, position?: Position | null, options?: LogicOptions & { source?: string | null }): Promise<HintAnswer>;
/** The search alone (after `await init()`): a parsed puzzle searched to `limit` solutions (default 2). */
export function searchParsed(
  puzzle: Puzzle,
  options?: { limit?: number; keep?: number; timeLimit?: number },
): { count: number; complete: boolean; timedOut: boolean; nodes: number; solutions: number[][] };
/** The logic engine alone (after `await init()`). */
export function gradeParsed(
  puzzle: Puzzle,
  options?: { maxDepth?: number; timeLimit?: number },
): { status: LogicStatus; grade: Grade | null; score: number; steps: number };
export const RULE_NAMES: readonly string[];
export const PUZZLE_KEYS: ReadonlySet<string>;
