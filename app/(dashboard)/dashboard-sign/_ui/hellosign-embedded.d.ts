// hellosign-embedded ships no types; hellosign-client.ts describes the surface the app uses.
declare module "hellosign-embedded/umd/embedded.production.min.js";
