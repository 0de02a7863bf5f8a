import { contextBridge } from 'electron';

/** The bridge is deliberately small: the renderer reaches the server over HTTP. */
const bridge = {
  platform: process.platform,
} satisfies Window['vendorEval'];

contextBridge.exposeInMainWorld('vendorEval', bridge);
