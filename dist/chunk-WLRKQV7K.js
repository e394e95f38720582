
// src/process/gitEnv.ts
function gitEnv(env = process.env) {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith("GIT_")));
}

export {
  gitEnv
};
