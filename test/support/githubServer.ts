import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One entry of a pull request's or a comparison's file list. */
export interface FileChange {
  filename: string;
  status?: 'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed' | 'unchanged';
  previous_filename?: string;
}

export interface GitHubUser {
  login: string;
  type: 'Bot' | 'User';
}

export interface StoredComment {
  id: number;
  issueNumber: number;
  body: string;
  user: GitHubUser;
  created_at: string;
  updated_at: string;
}

export interface RecordedGitHubRequest {
  method: string;
  /** The path without the query. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface GitHubServerOptions {
  owner?: string;
  repo?: string;
  /** The only token accepted (else 401 "Bad credentials"); any token when unset. */
  token?: string;
  /** Files of each pull request by number; GitHub lists at most 3,000. */
  pulls?: Record<number, FileChange[]>;
  /** Files of each comparison by "before...after"; GitHub lists at most 300. Unknown ones are 404. */
  compares?: Record<string, FileChange[]>;
  /** Comments already on each issue or pull request, oldest first. */
  comments?: Record<number, { body: string; user?: GitHubUser }[]>;
  /** Who the token is: the author of the comments it writes. Default github-actions[bot], a Bot. */
  identity?: GitHubUser;
  /** Whether GraphQL `viewer` answers (true, as for GITHUB_TOKEN) or errs "Resource not accessible by integration". */
  graphqlViewer?: boolean;
  /** Whether REST `GET /user` answers (false by default: 403 for GITHUB_TOKEN). */
  restUser?: boolean;
  /** Comment writes answer 403 "Resource not accessible by integration", as for a fork's read-only token. */
  readOnly?: boolean;
}

/** What GitHub answers in an outage: a 5xx with a message. */
const OUTAGE = { message: 'Server Error' };

export interface GitHubServer {
  url: string;
  requests: RecordedGitHubRequest[];
  /** All comments by id, in creation order. */
  comments: StoredComment[];
  /** Switch the fork (read-only token) behaviour on or off between calls. */
  readOnly: boolean;
  /** Every comment request (list, create, update) answers 502, as in an outage of GitHub's API; switched between calls. */
  commentsDown: boolean;
  /** The requests other than the identity lookups (GraphQL viewer, GET /user). */
  apiRequests(): RecordedGitHubRequest[];
  close(): Promise<void>;
}

const FORBIDDEN = {
  message: 'Resource not accessible by integration',
  documentation_url: 'https://docs.github.com/rest',
  status: '403',
};

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * One page of `items` with GitHub's pagination: per_page (default 30, at most
 * 100), page (from 1), and a Link header with prev, next, last and first
 * pages as absolute URLs.
 */
function paginate<T>(items: readonly T[], url: URL): { page: T[]; link?: string } {
  const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? 30) || 30));
  const pageNumber = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const page = items.slice((pageNumber - 1) * perPage, pageNumber * perPage);
  const linkTo = (n: number) => {
    const target = new URL(url);
    target.searchParams.set('per_page', String(perPage));
    target.searchParams.set('page', String(n));
    return target.toString();
  };
  const links: string[] = [];
  if (pageNumber > 1) links.push(`<${linkTo(pageNumber - 1)}>; rel="prev"`);
  if (pageNumber < last) links.push(`<${linkTo(pageNumber + 1)}>; rel="next"`, `<${linkTo(last)}>; rel="last"`);
  if (pageNumber > 1) links.push(`<${linkTo(1)}>; rel="first"`);
  return links.length > 0 ? { page, link: links.join(', ') } : { page };
}

/**
 * A local HTTP server answering the GitHub REST calls recall-gate makes, and
 * recording them: a pull request's files, a comparison's files, issue
 * comments (list, create, update), GraphQL `viewer` and `GET /user`. Point
 * @actions/github at it with `getOctokit(token, { baseUrl: server.url })` or
 * GITHUB_API_URL (read when @actions/github is imported).
 */
export async function startGitHubServer(options: GitHubServerOptions = {}): Promise<GitHubServer> {
  const owner = options.owner ?? 'octo';
  const repo = options.repo ?? 'memory';
  const identity: GitHubUser = options.identity ?? { login: 'github-actions[bot]', type: 'Bot' };
  const requests: RecordedGitHubRequest[] = [];
  const comments: StoredComment[] = [];
  let nextId = 1000;
  const clock = () => new Date(Date.UTC(2026, 9, 1) + nextId * 1000).toISOString();
  for (const [issue, seeded] of Object.entries(options.comments ?? {})) {
    for (const comment of seeded) {
      const at = clock();
      comments.push({ id: nextId++, issueNumber: Number(issue), body: comment.body, user: comment.user ?? { login: 'someone', type: 'User' }, created_at: at, updated_at: at });
    }
  }

  let base = '';
  const htmlUrl = (comment: StoredComment) => `https://github.com/${owner}/${repo}/pull/${comment.issueNumber}#issuecomment-${comment.id}`;
  const asJson = (comment: StoredComment) => ({
    id: comment.id,
    node_id: `IC_${comment.id}`,
    url: `${base}/repos/${owner}/${repo}/issues/comments/${comment.id}`,
    html_url: htmlUrl(comment),
    issue_url: `${base}/repos/${owner}/${repo}/issues/${comment.issueNumber}`,
    body: comment.body,
    user: { login: comment.user.login, id: comment.user.login.length, type: comment.user.type },
    created_at: comment.created_at,
    updated_at: comment.updated_at,
    author_association: comment.user.type === 'Bot' ? 'NONE' : 'MEMBER',
    performed_via_github_app: null,
  });
  const fileJson = (file: FileChange) => ({
    sha: '0'.repeat(40),
    filename: file.filename,
    status: file.status ?? (file.previous_filename ? 'renamed' : 'modified'),
    additions: 1,
    deletions: 0,
    changes: 1,
    ...(file.previous_filename ? { previous_filename: file.previous_filename } : {}),
  });

  const state = { readOnly: options.readOnly ?? false, commentsDown: false };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', base);
      const body = await readBody(request);
      const method = request.method ?? 'GET';
      requests.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), headers: request.headers, body });

      const auth = request.headers.authorization;
      if (!auth || (options.token !== undefined && auth !== `token ${options.token}` && auth !== `Bearer ${options.token}`)) {
        send(response, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
        return;
      }

      if (method === 'POST' && url.pathname === '/graphql') {
        const query = (body as { query?: string } | undefined)?.query ?? '';
        if (!/\bviewer\b/.test(query)) return send(response, 200, { errors: [{ message: 'this test server answers only viewer { login }' }] });
        if (options.graphqlViewer === false) {
          return send(response, 200, { data: null, errors: [{ type: 'FORBIDDEN', path: ['viewer'], message: 'Resource not accessible by integration' }] });
        }
        return send(response, 200, { data: { viewer: { login: identity.login } } });
      }
      if (method === 'GET' && url.pathname === '/user') {
        if (!options.restUser) return send(response, 403, { ...FORBIDDEN, documentation_url: 'https://docs.github.com/rest/users/users#get-the-authenticated-user' });
        return send(response, 200, { login: identity.login, id: 1, type: identity.type });
      }

      const prefix = `/repos/${owner}/${repo}`;
      if (!url.pathname.startsWith(`${prefix}/`)) return send(response, 404, { message: 'Not Found', status: '404' });
      const rest = url.pathname.slice(prefix.length);
      let match: RegExpMatchArray | null;

      if (method === 'GET' && (match = rest.match(/^\/pulls\/(\d+)\/files$/))) {
        const files = options.pulls?.[Number(match[1])];
        if (!files) return send(response, 404, { message: 'Not Found', status: '404' });
        const { page, link } = paginate(files.slice(0, 3000).map(fileJson), url);
        return send(response, 200, page, link ? { link } : {});
      }
      if (method === 'GET' && (match = rest.match(/^\/compare\/(.+)$/))) {
        const basehead = decodeURIComponent(match[1]!);
        const files = options.compares?.[basehead];
        if (!files) return send(response, 404, { message: 'Not Found', status: '404' });
        return send(response, 200, {
          url: `${base}${url.pathname}`,
          status: 'ahead',
          ahead_by: 1,
          behind_by: 0,
          total_commits: 1,
          commits: [],
          files: files.slice(0, 300).map(fileJson),
        });
      }
      if (state.commentsDown && /^\/issues\/(?:\d+\/)?comments/.test(rest)) return send(response, 502, OUTAGE);
      if ((match = rest.match(/^\/issues\/(\d+)\/comments$/))) {
        const issueNumber = Number(match[1]);
        if (method === 'GET') {
          const { page, link } = paginate(comments.filter((comment) => comment.issueNumber === issueNumber).map(asJson), url);
          return send(response, 200, page, link ? { link } : {});
        }
        if (method === 'POST') {
          if (state.readOnly) return send(response, 403, { ...FORBIDDEN, documentation_url: 'https://docs.github.com/rest/issues/comments#create-an-issue-comment' });
          const text = (body as { body?: unknown } | undefined)?.body;
          if (typeof text !== 'string' || !text) return send(response, 422, { message: 'Validation Failed', status: '422' });
          if (text.length > 65536) return send(response, 422, { message: 'Validation Failed: body is too long (maximum is 65536 characters)', status: '422' });
          const at = clock();
          const comment: StoredComment = { id: nextId++, issueNumber, body: text, user: identity, created_at: at, updated_at: at };
          comments.push(comment);
          return send(response, 201, asJson(comment), { location: `${base}/repos/${owner}/${repo}/issues/comments/${comment.id}` });
        }
      }
      if (method === 'PATCH' && (match = rest.match(/^\/issues\/comments\/(\d+)$/))) {
        if (state.readOnly) return send(response, 403, { ...FORBIDDEN, documentation_url: 'https://docs.github.com/rest/issues/comments#update-an-issue-comment' });
        const comment = comments.find((candidate) => candidate.id === Number(match![1]));
        if (!comment) return send(response, 404, { message: 'Not Found', status: '404' });
        const text = (body as { body?: unknown } | undefined)?.body;
        if (typeof text !== 'string' || !text) return send(response, 422, { message: 'Validation Failed', status: '422' });
        comment.body = text;
        comment.updated_at = clock();
        nextId++;
        return send(response, 200, asJson(comment));
      }
      return send(response, 404, { message: 'Not Found', status: '404' });
    })().catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { message: String(error) });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    comments,
    get readOnly() {
      return state.readOnly;
    },
    set readOnly(value: boolean) {
      state.readOnly = value;
    },
    get commentsDown() {
      return state.commentsDown;
    },
    set commentsDown(value: boolean) {
      state.commentsDown = value;
    },
    apiRequests: () => requests.filter((request) => request.path !== '/graphql' && request.path !== '/user'),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
