/** The part of uBlock Origin's engine the content-blocker tests use (the package has no types). */
declare module '@gorhill/ubo-core' {
  export interface RequestDetails {
    /** The page the request is made for. */
    originURL: string;
    url: string;
    /** uBlock Origin's request type: `main_frame`, `script`, `xmlhttprequest`, `ping`… */
    type: string;
  }
  export class StaticNetFilteringEngine {
    static create(): Promise<StaticNetFilteringEngine>;
    useLists(lists: { name: string; raw: string }[]): Promise<void>;
    /** 0: no filter matched; 1: blocked; 2: allowed by an exception. */
    matchRequest(details: RequestDetails): 0 | 1 | 2;
    /** The filter that decided the last match. */
    toLogData(): { raw?: string } | undefined;
  }
}
