export declare const COMPRESS: Readonly<{ passes: number; unsafe_arrows: boolean; pure_getters: boolean }>;
