export declare function bundleDashboard(): Promise<string>;
export declare function dashboardDefine(): Promise<Record<string, string>>;
export declare function wranglerDefineArgs(): Promise<string[]>;
