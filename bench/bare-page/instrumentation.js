// Without this file Next picks up the shell's own instrumentation.ts from the workspace root.
export function register() {}
