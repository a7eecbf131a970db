import { createSeedBoard, type Project, type Task, type User } from './seed.js';
import { Sessions } from './Sessions.js';
import { Switches } from './Switches.js';
import { Table } from './Table.js';

/** Options of {@link PlaygroundState}. */
export interface PlaygroundStateOptions {
  /** Lifetime of a login token in milliseconds. */
  tokenTtlMs: number;
  /** When true, every mutation (POST/PUT/PATCH/DELETE under `/api`, except login) needs a Bearer token. */
  requireAuth: boolean;
}

/**
 * Everything one playground server holds: the three tables (started from the seed board), the
 * login sessions and the fault switches. `reset()` returns all of it to the state of a fresh
 * start; nothing is shared between two servers.
 * @example
 * const state = new PlaygroundState({ tokenTtlMs: 300_000, requireAuth: false });
 * state.tasks.get('GET /api/tasks/1', 1).title; // 'Design login form'
 */
export class PlaygroundState {
  readonly users = new Table<User>('user', []);
  readonly projects = new Table<Project>('project', []);
  readonly tasks = new Table<Task>('task', []);
  readonly sessions: Sessions;
  readonly switches = new Switches();
  readonly requireAuth: boolean;
  readonly #initialTtlMs: number;

  constructor(options: PlaygroundStateOptions) {
    this.sessions = new Sessions(options.tokenTtlMs);
    this.#initialTtlMs = options.tokenTtlMs;
    this.requireAuth = options.requireAuth;
    this.reset();
  }

  /** Back to the seed board: tables reloaded, sessions forgotten, switches off, token TTL as configured. */
  reset(): void {
    const board = createSeedBoard();
    this.users.load(board.users);
    this.projects.load(board.projects);
    this.tasks.load(board.tasks);
    this.sessions.clear();
    this.sessions.ttlMs = this.#initialTtlMs;
    this.switches.reset();
  }

  /** The next free `position` at the end of a column (project + status). */
  endOfColumn(projectId: number, status: Task['status']): number {
    let max = -1;
    for (const t of this.tasks.rows()) if (t.projectId === projectId && t.status === status) max = Math.max(max, t.position);
    return max + 1;
  }
}
