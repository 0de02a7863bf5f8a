export {};

declare global {
  interface Window {
    vendorEval: {
      platform: string;
    };
  }
}
