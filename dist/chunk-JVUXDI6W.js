import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);

// src/text/counted.ts
function counted(count, one, many) {
  return `${count} ${count === 1 ? one : many}`;
}

export {
  counted
};
