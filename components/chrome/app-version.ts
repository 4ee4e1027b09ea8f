import { version } from "../../package.json";

/** SPEC 9's front-end version string, written once: package.json's version (the footer shows it for support). */
export const APP_VERSION: string = version;
