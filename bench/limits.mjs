// Limits raised so that both our store and the official core accept everything in every workload
// (`depth` only bounds a render, and the package takes at most 64).
export const LIMITS = {
  envelopes: 1e9, surfaces: 10000, components: 100000, depth: 64, dataModelBytes: 1e9, textChars: 1e9,
  options: 1e6, idChars: 1e6, actionContextBytes: 1e9, partBytes: 2e9, envelopeValues: 1e9, updateBurst: 1e9,
  updatesPerSecond: 1e9,
};
