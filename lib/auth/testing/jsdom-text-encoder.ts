/** jsdom lacks TextEncoder/TextDecoder, which jose (imported through lib/session) needs at load. Import first. */
import { TextDecoder, TextEncoder } from "node:util";

Object.assign(globalThis, { TextEncoder: globalThis.TextEncoder ?? TextEncoder, TextDecoder: globalThis.TextDecoder ?? TextDecoder });
