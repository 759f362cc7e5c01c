export declare const DASHBOARD_CONSTANT: '__BELIEF_STORE_DASHBOARD_JS__';
export declare function bundleDashboard(): Promise<string>;
export declare function dashboardDefine(): Promise<Record<string, string>>;
export declare function wranglerDefineArgs(): Promise<string[]>;
