
// src/report/escape.ts
var ANSI = /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]|(?:\u001b[\]PX^_]|[\u0090\u0098\u009d-\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)|\u001b[\u0020-\u002f]*[\u0030-\u007e]/g;
var WHITESPACE = /[\s\u0085]+/g;
var CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
var BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
function visibleControl(char) {
  const code = char.charCodeAt(0);
  if (code < 32) return String.fromCharCode(9216 + code);
  return code === 127 ? "\u2421" : "\uFFFD";
}
function plainText(text) {
  return text.replace(ANSI, "").replace(WHITESPACE, " ").replace(CONTROL, visibleControl).replace(BIDI, "\uFFFD").trim();
}
var LINE_BREAK = /\r\n|[\r\u0085\u2028\u2029]/g;
function plainBlock(text) {
  return text.replace(ANSI, "").replace(LINE_BREAK, "\n").replace(CONTROL, (char) => char === "\n" || char === "	" ? char : visibleControl(char)).replace(BIDI, "\uFFFD");
}
var IN_NUMBER = /[\d.,]/;
function shorten(text, max) {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 55296 && last <= 56319) end -= 1;
  const after = text.slice(end, end + 2);
  if (IN_NUMBER.test(text[end - 1] ?? "") && (/^\d/.test(after) || /^[.,]\d/.test(after))) {
    let start = end;
    while (start > 0 && end - start < 24 && IN_NUMBER.test(text[start - 1])) start -= 1;
    if (start > 0 && /[+\-−$]/.test(text[start - 1])) start -= 1;
    if (start > 0 && end - start < 24) return `${text.slice(0, start).trimEnd()}\u2026`;
  }
  return `${text.slice(0, end)}\u2026`;
}
var BREAK = "\u200B";
function notifiesOrLinks(text, at) {
  const before = at === 0 ? "" : text[at - 1];
  return !/[A-Za-z0-9]/.test(before) || /^@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/.test(text.slice(at));
}
function htmlOf(plain) {
  return plain.replace(/@(?=[A-Za-z0-9])/g, (at, offset, whole) => notifiesOrLinks(whole, offset) ? `@${BREAK}` : at).replace(/#(?=\d)/g, `#${BREAK}`).replace(/\b(GH)-(?=\d)/gi, `$1${BREAK}-`).replace(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/gi, (sha) => sha.replace(/(.{6})(?=.)/g, `$1${BREAK}`)).replace(/\b([a-z][a-z0-9+.-]*)(?=:\/\/)/gi, `$1${BREAK}`).replace(/\bwww\./gi, `www${BREAK}.`).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
function markdownOf(plain) {
  return htmlOf(plain).replace(/[\\`*_{}[\]()#+!|~]/g, (char) => `\\${char}`).replace(/^-/, "\\-").replace(/^(\d+)\./, "$1\\.");
}
function escapeMarkdown(text) {
  return markdownOf(plainText(text));
}
function cell(text, max = 120) {
  return markdownOf(shorten(plainText(text), max));
}
function htmlCell(text, max = 120) {
  return htmlOf(shorten(plainText(text), max));
}

export {
  plainText,
  plainBlock,
  shorten,
  escapeMarkdown,
  cell,
  htmlCell
};
