/**
 * The playground's embedded data: a small team board of users, projects and tasks. Pure and
 * deterministic: every call returns fresh objects with the same content, so a server start or a
 * `POST /__reset` always begins from exactly this board (browser tests rely on that).
 */

/** A board member. `username` + {@link SEED_PASSWORD} log in through `POST /api/login`. */
export interface User {
  id: number;
  username: string;
  name: string;
  email: string;
  role: 'admin' | 'member';
}

/** A project groups tasks. */
export interface Project {
  id: number;
  name: string;
  color: string;
}

/** The columns of the board; `PATCH /api/tasks/:id { status }` moves a task between them. */
export const TASK_STATUSES = ['todo', 'doing', 'done'] as const;
/** One of {@link TASK_STATUSES}. */
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** A task: one card on the board. `position` orders cards within a column (ascending). */
export interface Task {
  id: number;
  title: string;
  done: boolean;
  ownerId: number;
  projectId: number;
  tags: string[];
  status: TaskStatus;
  position: number;
}

/** Every seeded user logs in with this password. */
export const SEED_PASSWORD = 'playground';

/** The whole board: one array per table, each ordered by `id`. */
export interface Board {
  users: User[];
  projects: Project[];
  tasks: Task[];
}

const USER_NAMES = [
  'Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra', 'Barbara Liskov', 'Donald Knuth',
  'Margaret Hamilton', 'Ken Thompson', 'Frances Allen', 'Dennis Ritchie', 'Radia Perlman', 'John Backus',
];
const PROJECTS: readonly Omit<Project, 'id'>[] = [
  { name: 'Website relaunch', color: '#2f80ed' },
  { name: 'Mobile app', color: '#27ae60' },
  { name: 'Infrastructure', color: '#eb5757' },
];
const VERBS = ['Design', 'Build', 'Review', 'Test', 'Document', 'Refactor', 'Deploy', 'Measure'];
const NOUNS = [
  'login form', 'landing page', 'search box', 'settings screen', 'billing flow', 'onboarding tour',
  'error page', 'API client', 'image upload', 'dark mode', 'notifications', 'audit log',
];
const TAGS = ['ui', 'backend', 'bug', 'docs', 'urgent', 'research'];
/** Tasks per project: the first has twelve per column (so a column pages), the others fewer. */
const TASKS_PER_PROJECT = [36, 12, 8];

function usernameOf(name: string): string {
  return name.split(' ')[0]!.toLowerCase();
}

/**
 * Builds the seed board. Same output on every call (no clock, no randomness); callers own the
 * returned objects and may mutate them.
 * @example
 * const board = createSeedBoard();
 * board.tasks.filter(t => t.projectId === 1).length; // 36
 */
export function createSeedBoard(): Board {
  const users: User[] = USER_NAMES.map((name, i) => ({
    id: i + 1,
    username: usernameOf(name),
    name,
    email: `${usernameOf(name)}@example.test`,
    role: i === 0 ? 'admin' : 'member',
  }));
  const projects: Project[] = PROJECTS.map((p, i) => ({ id: i + 1, ...p }));
  const tasks: Task[] = [];
  const nextPosition = new Map<string, number>();
  let n = 0;
  TASKS_PER_PROJECT.forEach((count, p) => {
    for (let k = 0; k < count; k++, n++) {
      const projectId = p + 1;
      const status = TASK_STATUSES[(n * 7 + k) % 3]!;
      const column = `${projectId}/${status}`;
      const position = nextPosition.get(column) ?? 0;
      nextPosition.set(column, position + 1);
      tasks.push({
        id: n + 1,
        title: `${VERBS[n % VERBS.length]} ${NOUNS[(n * 5 + p) % NOUNS.length]}`,
        done: status === 'done',
        ownerId: (n % users.length) + 1,
        projectId,
        tags: [TAGS[n % TAGS.length]!, ...(n % 3 === 0 ? [TAGS[(n + 2) % TAGS.length]!] : [])],
        status,
        position,
      });
    }
  });
  return { users, projects, tasks };
}
