// The baseline runs nothing at start. Without this file Next picks up the shell's own
// instrumentation.ts from the workspace root (the stand-ins' database, the config check).
export function register() {}
