/**
 * The environment recall-gate runs git in: its own, without the variables
 * that point git at another repository (a hook's GIT_DIR, GIT_WORK_TREE), so
 * the folder git runs in decides which repository it reads.
 */
export function gitEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('GIT_')));
}
