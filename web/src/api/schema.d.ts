// Generated from /api/openapi.json by `npm run web:types` (test/integration/web/api-types.test.ts). Do not edit.

export interface paths {
    "/v1/ingest/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Send a signal to the service behind an ingest URL
         * @description The URL is the credential: no Authorization header and no service_id. Webhook sources take the native signal; vendor sources (alertmanager, grafana, datadog, custom) take their own payload and may open several alerts. PUT is the same as POST (Grafana can be set to send with PUT).
         */
        put: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A retry with the same key and credential within 24 h returns the first response. */
                    "idempotency-key"?: string;
                };
                path: {
                    /** @description The ingest URL token (a secret). */
                    token: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["NativeSignal"] | {
                        [key: string]: unknown;
                    } | unknown[];
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description The receipt id of the accepted envelope (receipt_id), unchanged through buffering and retries. */
                        "X-Service-Receipt-Id"?: string;
                        /** @description Present and "true" when this is the stored first response to an earlier request with the same Idempotency-Key. */
                        "Idempotent-Replayed"?: "true";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["IngestResponse"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                413: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                415: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                429: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                503: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /**
         * Send a signal to the service behind an ingest URL
         * @description The URL is the credential: no Authorization header and no service_id. Webhook sources take the native signal; vendor sources (alertmanager, grafana, datadog, custom) take their own payload and may open several alerts. PUT is the same as POST (Grafana can be set to send with PUT).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A retry with the same key and credential within 24 h returns the first response. */
                    "idempotency-key"?: string;
                };
                path: {
                    /** @description The ingest URL token (a secret). */
                    token: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["NativeSignal"] | {
                        [key: string]: unknown;
                    } | unknown[];
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description The receipt id of the accepted envelope (receipt_id), unchanged through buffering and retries. */
                        "X-Service-Receipt-Id"?: string;
                        /** @description Present and "true" when this is the stored first response to an earlier request with the same Idempotency-Key. */
                        "Idempotent-Replayed"?: "true";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["IngestResponse"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                413: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                415: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                429: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                503: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a signal with an alert-ingest key */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description A retry with the same key and credential within 24 h returns the first response. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["KeyedSignal"];
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description The receipt id of the accepted envelope (receipt_id), unchanged through buffering and retries. */
                        "X-Service-Receipt-Id"?: string;
                        /** @description Present and "true" when this is the stored first response to an earlier request with the same Idempotency-Key. */
                        "Idempotent-Replayed"?: "true";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["IngestResponse"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                413: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                415: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                429: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                503: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/alerts/{id}/ack": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Acknowledge an alert by id
         * @description Idempotent: a repeat answers the current state with changed: false.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AlertChangeResponse"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                429: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/alerts/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Resolve an alert by id
         * @description Idempotent: a repeat answers the current state with changed: false.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AlertChangeResponse"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                429: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List alerts, most important first, then newest */
        get: {
            parameters: {
                query?: {
                    /** @description Comma-separated statuses (open, acknowledged, snoozed, resolved), or any. Without it, the alerts that are not resolved. */
                    status?: string;
                    service_id?: string;
                    /** @description Comma-separated priorities. */
                    priority?: string;
                    urgency?: "high" | "low";
                    /** @description Title search: alerts whose title has, for every word of q, a word that begins with it (`cert exp` finds "Certificate expired"; the order of the words does not matter). Words are runs of letters and digits in any script; spaces, punctuation and symbols separate them (`api-1.example.com` is the words api, 1, example, com). Case and accents do not count (`ecole` finds "École", `strasse` finds "Straße"). The first 16 words of q count, and the first 100 characters of a word. A q without letters or digits filters nothing. Combines with the other filters and the cursor. */
                    q?: string;
                    /** @description Page size (default 50, at most 500). */
                    limit?: number;
                    /** @description The X-Next-Cursor of the previous page, sent with the same filters (the Link header repeats them). */
                    cursor?: string;
                };
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description The cursor of the next page; absent on the last page. */
                        "X-Next-Cursor"?: string;
                        /** @description `<…>; rel="next"`: the URL of the next page; absent on the last page. */
                        Link?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Alert"][];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Open an alert on a service by hand */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AlertCreate"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Alert"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/alerts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an alert */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Alert"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/alerts/{id}/org": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Which of your organizations an alert belongs to (for links across organizations) */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            alert_id: string;
                            org_id: string;
                            org_name: string;
                        };
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/alerts/{id}/timeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An alert's timeline, oldest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description The cursor of the next page; absent on the last page. */
                        "X-Next-Cursor"?: string;
                        /** @description `<…>; rel="next"`: the URL of the next page; absent on the last page. */
                        Link?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TimelineEntry"][];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/alerts/{id}/ack": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Acknowledge an alert
         * @description Idempotent: a repeat answers the current state with changed: false.
         */
        put: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AlertChange"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/alerts/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Resolve an alert
         * @description Idempotent: a repeat answers the current state with changed: false.
         */
        put: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AlertChange"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/alerts/{id}/escalate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Escalate to the next level now and page it
         * @description An acknowledged or snoozed alert is open again. Past the last level of the last cycle, the last level is paged again. A resolved alert is a 409.
         */
        put: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AlertChange"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/alerts/{id}/priority": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change an alert's priority (and urgency)
         * @description A raise pages the current level at the new urgency; a lowering pages nobody. The same priority and urgency again answers changed: false.
         */
        put: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PriorityChange"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AlertChange"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/alerts/{id}/snooze": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Snooze an alert: no pages until then, then open and paged again
         * @description Takes until or duration_minutes (1-10080). Pending pages are cancelled with the change.
         */
        put: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AlertSnooze"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AlertChange"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/alerts/{id}/wake": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * End a snooze now: the alert is open and its current level paged again
         * @description Idempotent: an alert that is not snoozed answers changed: false.
         */
        put: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AlertChange"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/services": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List services */
        get: {
            parameters: {
                query?: {
                    /** @description Page size (default 50, at most 500). */
                    limit?: number;
                    /** @description The X-Next-Cursor of the previous page, sent with the same filters (the Link header repeats them). */
                    cursor?: string;
                };
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description The cursor of the next page; absent on the last page. */
                        "X-Next-Cursor"?: string;
                        /** @description `<…>; rel="next"`: the URL of the next page; absent on the last page. */
                        Link?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Service"][];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create a service with its default webhook source */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ServiceCreate"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServiceCreated"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/services/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a service */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Service"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a service, its direct sources and its alerts */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change a service */
        patch: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ServicePatch"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Service"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/alerts/{id}/responders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Page more people now with level 1's steps, even on an acknowledged alert
         * @description Each responder's pages stop when that responder acknowledges. A resolved alert is a 409.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ResponderCreate"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RespondersAdded"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/services/{id}/routing/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Who would be paged, level by level, on which channel and when, for an alert of this priority; pages nobody */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RoutingPreviewRequest"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RoutingPreview"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List API keys and agent tokens (never their secrets) */
        get: {
            parameters: {
                query?: {
                    /** @description Page size (default 50, at most 500). */
                    limit?: number;
                    /** @description The X-Next-Cursor of the previous page, sent with the same filters (the Link header repeats them). */
                    cursor?: string;
                };
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description The cursor of the next page; absent on the last page. */
                        "X-Next-Cursor"?: string;
                        /** @description `<…>; rel="next"`: the URL of the next page; absent on the last page. */
                        Link?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiKey"][];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create an API key; its secret is shown once */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ApiKeyCreate"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiKeyCreated"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key, or an agent token (its ses_ id) */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in person and their organizations */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Me"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete your account (409 while you are the last owner of an organization: name another owner or delete it first)
         * @description An account-security action: only your own session (dashboard or app), signed in or re-authenticated (POST /api/me/reauthenticate) in the last 10 minutes; API keys and agent tokens get 403.
         */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Set your name, your alert sound per urgency and critical alerts on or off
         * @description Fields not sent keep their value. Your name is how timelines, chat messages, pickers and schedules show you ("" shows your email).
         */
        patch: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AlertSoundPreference"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Me"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/me/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change your email, or verify your current one: a six-digit code is mailed to the address given
         * @description An account-security action: only your own session (dashboard or app), signed in or re-authenticated (POST /api/me/reauthenticate) in the last 10 minutes; API keys and agent tokens get 403.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EmailChangeRequest"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmailChangePending"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                503: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/email/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm the new email with the mailed code (expires in 15 minutes, 5 attempts); every other credential of the account ends */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CodeConfirm"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmailChanged"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agreements/consent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record that you accepted a document version (time and IP are recorded) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AgreementConsent"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AgreementConsentRecorded"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bootstrap": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Everything a dashboard or app needs at start */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Bootstrap"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["BootstrapResult"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sign-up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account and sign in: joining the organization of an invitation, or (KLAXON_SIGNUP=open) creating one you own */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SignUp"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SessionCreated"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                429: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password (and TOTP code when on)
         * @description Failed attempts are throttled per email and per client address: 429 with Retry-After.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SignIn"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SessionCreated"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                429: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a link to set a new password (the answer is the same whether or not an account uses the address) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PasswordResetRequest"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PasswordResetRequested"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                503: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password-reset/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with the mailed link's token (once, within an hour); every credential of the account ends (sessions, agent tokens, keys, devices) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PasswordReset"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PasswordResetDone"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the session this request carries (cookie, mobile or agent token) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/device/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * RFC 8628 device authorization request: an agent asks for a user code
         * @description Throttled per client address: 20 an hour are free, then each waits (429 with Retry-After) 10 s after the previous one, doubling to 15 minutes.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["DeviceAuthorizationRequest"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DeviceAuthorization"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/device/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * RFC 8628 device access token request (polled by the agent)
         * @description Until approved: 400 with details [{field:"oauth_error", message:"authorization_pending"|"slow_down"|"access_denied"|"expired_token"|"invalid_grant"}].
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["DeviceTokenRequest"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DeviceToken"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/device-grants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve or deny an agent by its user code; it acts as you, with your current role, in this organization
         * @description An account-security action: only your own session (dashboard or app), signed in or re-authenticated (POST /api/me/reauthenticate) in the last 10 minutes; API keys and agent tokens get 403.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["DeviceGrantDecision"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DeviceGrantDecided"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/reauthenticate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm it is you (password, or a two-factor or recovery code): account-security actions are then open to this session for 10 minutes
         * @description Your own session only; wrong answers count as failed sign-ins.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Reauthenticate"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Reauthenticated"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                429: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password; your other sessions are signed out
         * @description An account-security action: only your own session (dashboard or app), signed in or re-authenticated (POST /api/me/reauthenticate) in the last 10 minutes; API keys and agent tokens get 403.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PasswordChange"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PasswordChanged"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your live sessions and agent tokens */
        get: {
            parameters: {
                query?: {
                    /** @description Page size (default 50, at most 500). */
                    limit?: number;
                    /** @description The X-Next-Cursor of the previous page, sent with the same filters (the Link header repeats them). */
                    cursor?: string;
                };
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description The cursor of the next page; absent on the last page. */
                        "X-Next-Cursor"?: string;
                        /** @description `<…>; rel="next"`: the URL of the next page; absent on the last page. */
                        Link?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SessionInfo"][];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke one of your sessions or agent tokens */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start two-factor setup: a new TOTP secret, shown once
         * @description An account-security action: only your own session (dashboard or app), signed in or re-authenticated (POST /api/me/reauthenticate) in the last 10 minutes; API keys and agent tokens get 403.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TotpSetup"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two-factor sign-in on with a current code
         * @description An account-security action: only your own session (dashboard or app), signed in or re-authenticated (POST /api/me/reauthenticate) in the last 10 minutes; API keys and agent tokens get 403.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CodeConfirm"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TotpStatus"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/totp/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two-factor sign-in off (needs a current code or a recovery code)
         * @description An account-security action: only your own session (dashboard or app), signed in or re-authenticated (POST /api/me/reauthenticate) in the last 10 minutes; API keys and agent tokens get 403.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["TotpDisable"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TotpStatus"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many unused recovery codes you have */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RecoveryCodeStatus"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Generate a new set of recovery codes (replaces the old set); shown only in this answer
         * @description An account-security action: only your own session (dashboard or app), signed in or re-authenticated (POST /api/me/reauthenticate) in the last 10 minutes; API keys and agent tokens get 403.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RecoveryCodes"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/oidc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether single sign-on is offered, and the name its button shows */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OidcInfo"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/oidc/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start single sign-on with OpenID Connect: redirects to the identity provider
         * @description A browser is redirected (302) to the identity provider, with PKCE, state and nonce; the state is also set in a cookie the callback checks, so the sign-in finishes only in the browser that started it. With Accept: application/json the answer is 200 with the URL instead. 404 when single sign-on is not configured.
         */
        get: {
            parameters: {
                query?: {
                    /** @description A path on this server to land on after sign-in, e.g. /alerts (default /). */
                    next?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OidcStart"];
                    };
                };
                /** @description To the identity provider. */
                302: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/oidc/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the identity provider returns after single sign-on
         * @description Checks the state against the cookie of the browser that started, spends it (once), exchanges the code with the PKCE verifier and checks the ID token (signature against the provider's keys, issuer, audience, expiry, nonce). Then the session cookies are set and the browser is sent (303) to the dashboard sign-in page with sso_org (an organization of the person) and next, which goes on to next. Refused (no session): a browser is sent to /sign-in?sso_error=<message>; with Accept: application/json the error is answered as JSON (401, 403, 404 or 503).
         */
        get: {
            parameters: {
                query?: {
                    code?: string;
                    state?: string;
                    iss?: string;
                    error?: string;
                    error_description?: string;
                    session_state?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description To the sign-in page: with sso_org and next when signed in, with sso_error (the reason) when refused. */
                303: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                503: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List your devices (push tokens are shown as a hint) */
        get: {
            parameters: {
                query?: {
                    /** @description Page size (default 50, at most 500). */
                    limit?: number;
                    /** @description The X-Next-Cursor of the previous page, sent with the same filters (the Link header repeats them). */
                    cursor?: string;
                };
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description The cursor of the next page; absent on the last page. */
                        "X-Next-Cursor"?: string;
                        /** @description `<…>; rel="next"`: the URL of the next page; absent on the last page. */
                        Link?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Device"][];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Register a device for push; the same push token again updates it */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["DeviceCreate"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Device"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/web-push-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This server's Web Push (VAPID) public key, to subscribe a browser; null when Web Push is not configured */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebPushKey"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove one of your devices */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change one of your devices */
        patch: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["DevicePatch"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Device"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/phone-numbers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List your phone numbers in this organization */
        get: {
            parameters: {
                query?: {
                    /** @description Page size (default 50, at most 500). */
                    limit?: number;
                    /** @description The X-Next-Cursor of the previous page, sent with the same filters (the Link header repeats them). */
                    cursor?: string;
                };
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description The cursor of the next page; absent on the last page. */
                        "X-Next-Cursor"?: string;
                        /** @description `<…>; rel="next"`: the URL of the next page; absent on the last page. */
                        Link?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PhoneNumber"][];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Add a phone number (unverified until confirmed) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PhoneNumberCreate"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PhoneNumber"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/phone-numbers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove one of your phone numbers */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change the label or the number (a new number needs verifying again) */
        patch: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PhoneNumberPatch"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PhoneNumber"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/phone-numbers/{id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a six-digit code by SMS (one a minute, five an hour per number; counts toward the plan's SMS)
         * @description Only from an account whose email address is verified, and only to a number of a country the organization allows (`phone_countries` of /api/org/settings); 409 otherwise.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["VerificationSent"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                429: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                503: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/phone-numbers/{id}/verify/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm the code: the number is then verified and used for paging */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CodeConfirm"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PhoneNumber"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/test-page": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test page now through a channel and answer its fate
         * @description sms and voice need `phone_number_id` (a verified number of yours, in a country of the organization's `phone_countries`), push needs `device_id`; email goes to your address; telegram goes to your linked Telegram chat (409 when none is linked or it is turned off). Your email address must be verified (409 otherwise). Test SMS and calls count toward the plan and keep the paging throttles (429 with Retry-After), and at most 5 a day per person and 25 per organization go without waiting.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["TestPageRequest"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TestPageResult"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                429: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/providers/twilio/sms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Twilio inbound SMS: a reply code acknowledges (4821) or escalates (4821e) the alerts of the page */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description TwiML (text/xml). */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/providers/twilio/voice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Twilio voice: the call's TwiML, read with the organization's voice settings */
        post: {
            parameters: {
                query: {
                    /** @description The page (ntf_…) the callback is about. */
                    ntf: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description TwiML (text/xml). */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/providers/twilio/voice/gather": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Twilio voice: the key pressed (the acknowledge key or the escalate key of /api/org/voice) */
        post: {
            parameters: {
                query: {
                    /** @description The page (ntf_…) the callback is about. */
                    ntf: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description TwiML (text/xml). */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/providers/twilio/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Twilio status callback: a message's or call's fate updates the page */
        post: {
            parameters: {
                query: {
                    /** @description The page (ntf_…) the callback is about. */
                    ntf: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description TwiML (text/xml). */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/billing/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The plan, its limits and the current period */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["BillingStatus"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/billing/plan/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Prorated amounts of a plan change for the rest of the period (409 when billing is off) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["BillingPlan"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["BillingPlanPreview"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/billing/plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the plan through the Stripe subscription (409 when billing is off) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["BillingPlan"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["BillingStatus"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                503: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/billing/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Open a Stripe Checkout session for a paid plan (409 when billing is off) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["BillingPlan"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["BillingSession"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                503: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/billing/portal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Open a Stripe billing portal session (409 when billing is off) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["BillingPortal"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["BillingSession"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                503: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/org/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Seats, SMS, voice minutes and alerts of the current billing period */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OrgUsage"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/billing/stripe/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stripe webhook: signed subscription and checkout events update the plan */
        post: {
            parameters: {
                query?: never;
                header?: {
                    "stripe-signature"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["StripeWebhookAck"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                503: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List sources (integrations), without their secrets */
        get: {
            parameters: {
                query?: {
                    /** @description Page size (default 50, at most 500). */
                    limit?: number;
                    /** @description The X-Next-Cursor of the previous page, sent with the same filters (the Link header repeats them). */
                    cursor?: string;
                };
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description The cursor of the next page; absent on the last page. */
                        "X-Next-Cursor"?: string;
                        /** @description `<…>; rel="next"`: the URL of the next page; absent on the last page. */
                        Link?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Integration"][];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a direct source or a vendor connection; the answer carries its credential
         * @description Routing rules and the fallback must name services of this organization (another organization's service is 404). custom takes a JSONata mapping (see IntegrationMapping).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["IntegrationCreate"];
                };
            };
            responses: {
                /** @description The source and its credential. */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["IntegrationCreated"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Preview how a vendor payload is parsed and routed, without storing anything */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["IntegrationPreview"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["IntegrationPreviewResult"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One source (integration), without its secrets */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Integration"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a source and its credentials */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Change a source: name, rules, fallback, mapping; {"enabled":false} revokes it; {"previous_credential":"revoked"} ends a replace
         * @description {"enabled":false} revokes every credential of the source for good; {"enabled":true} on a disabled source issues a new credential, carried in this answer (ingest_url, routing_key or email_address) and shown only here and by reveal.
         */
        patch: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["IntegrationPatch"];
                };
            };
            responses: {
                /** @description The source; with its new credential when {"enabled":true} turned a disabled source back on. */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["IntegrationUpdated"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/integrations/{id}/reveal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Show the current credential (written to the audit log) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The current credential. Every reveal is written to the audit log. */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["IntegrationReveal"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a new credential now; the previous stops working within 60 s
         * @description A disabled source is 409: enable it (PATCH {"enabled":true}), which issues a new credential.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["IntegrationRotated"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/{id}/replace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a new credential beside the previous, which works until revoked or for 24 hours
         * @description A disabled source is 409: enable it (PATCH {"enabled":true}), which issues a new credential.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["IntegrationRotated"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/enqueue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a PagerDuty Events API v2 event
         * @description Answers exactly as PagerDuty does: 202 {status,message,dedup_key}; 400 "invalid event" with errors[] (an unknown, rotated-out or revoked routing key is "Invalid routing key"); 400 "Unrecognized object" for malformed JSON; 413 above 512 KB; 429 with Retry-After. Acknowledge or resolve of an unknown dedup_key is accepted and dropped. The receipt id is in X-Service-Receipt-Id.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EventsV2Event"];
                };
            };
            responses: {
                /** @description The standard v2 response; the receipt is in the X-Service-Receipt-Id header. */
                202: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description The receipt id of the accepted envelope (receipt_id), unchanged through buffering and retries. */
                        "X-Service-Receipt-Id"?: string;
                        /** @description Present and "true" when this is the stored first response to an earlier request with the same Idempotency-Key. */
                        "Idempotent-Replayed"?: "true";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventsV2Accepted"];
                    };
                };
                /** @description PagerDuty-style error: "invalid event" (400), "Unrecognized object" (400), and the same shape for 413, 429 and 503. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventsV2Error"];
                    };
                };
                /** @description PagerDuty-style error: "invalid event" (400), "Unrecognized object" (400), and the same shape for 413, 429 and 503. */
                413: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventsV2Error"];
                    };
                };
                /** @description PagerDuty-style error: "invalid event" (400), "Unrecognized object" (400), and the same shape for 413, 429 and 503. */
                429: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventsV2Error"];
                    };
                };
                /** @description PagerDuty-style error: "invalid event" (400), "Unrecognized object" (400), and the same shape for 413, 429 and 503. */
                500: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventsV2Error"];
                    };
                };
                /** @description PagerDuty-style error: "invalid event" (400), "Unrecognized object" (400), and the same shape for 413, 429 and 503. */
                503: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventsV2Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/generic/2010-04-15/create_event.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a legacy PagerDuty Events API v1 event
         * @description The v1 create_event.json shape, keyed by the routing key of an events_v2 source (service_key). 200 {status,message,incident_key}; 400 "invalid event"; 403 when rate limited (v1 convention).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EventsV1Event"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventsV1Accepted"];
                    };
                };
                /** @description PagerDuty-style error: "invalid event" (400), "Unrecognized object" (400), and the same shape for 413, 429 and 503. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventsV2Error"];
                    };
                };
                /** @description PagerDuty-style error: "invalid event" (400), "Unrecognized object" (400), and the same shape for 413, 429 and 503. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventsV2Error"];
                    };
                };
                /** @description PagerDuty-style error: "invalid event" (400), "Unrecognized object" (400), and the same shape for 413, 429 and 503. */
                413: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventsV2Error"];
                    };
                };
                /** @description PagerDuty-style error: "invalid event" (400), "Unrecognized object" (400), and the same shape for 413, 429 and 503. */
                500: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventsV2Error"];
                    };
                };
                /** @description PagerDuty-style error: "invalid event" (400), "Unrecognized object" (400), and the same shape for 413, 429 and 503. */
                503: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventsV2Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create another organization with you as its owner; the answer says how to act in it at once
         * @description With a session: use it with X-Service-Org set to the new id. With a full-product key: the answer carries your key in the new organization (api_key, shown once). Agent tokens get 403.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["OrgCreate"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OrgCreated"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/org": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete the organization and everything in it (owner only, own recently proven session)
         * @description Services, sources, alerts, API keys and memberships are deleted; every credential of the organization stops working at once. Needs your own signed-in session, proven in the last ten minutes (sign in, or POST /api/me/reauthenticate): an API key or agent token gets 403.
         */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/org/leave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Leave the organization
         * @description Your full-product keys and agent tokens in it stop working. The last owner cannot leave (409): name another owner first, or delete the organization.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OrgLeft"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/org/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Organization settings */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OrgSettings"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change organization settings */
        patch: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["OrgSettingsPatch"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OrgSettings"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/org/voice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Voice call settings */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["VoiceSettings"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Replace voice call settings */
        put: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["VoiceSettings"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["VoiceSettings"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/org/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List members and their roles */
        get: {
            parameters: {
                query?: {
                    /** @description Page size (default 50, at most 500). */
                    limit?: number;
                    /** @description The X-Next-Cursor of the previous page, sent with the same filters (the Link header repeats them). */
                    cursor?: string;
                };
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description The cursor of the next page; absent on the last page. */
                        "X-Next-Cursor"?: string;
                        /** @description `<…>; rel="next"`: the URL of the next page; absent on the last page. */
                        Link?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Member"][];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/org/members/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member (owner only); their full-product keys stop working */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    user_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change a member's role (owner only) */
        patch: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    user_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["MemberPatch"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Member"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/org/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List invitations (never their links) */
        get: {
            parameters: {
                query?: {
                    /** @description Page size (default 50, at most 500). */
                    limit?: number;
                    /** @description The X-Next-Cursor of the previous page, sent with the same filters (the Link header repeats them). */
                    cursor?: string;
                };
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description The cursor of the next page; absent on the last page. */
                        "X-Next-Cursor"?: string;
                        /** @description `<…>; rel="next"`: the URL of the next page; absent on the last page. */
                        Link?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Invitation"][];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Invite a person by email (owner only)
         * @description The invitation link is mailed and also returned here, once. A new invitation to the same address replaces the open one.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["InvitationCreate"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InvitationCreated"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/org/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Withdraw an invitation; its link stops working */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitations/lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What an invitation link is for, before joining: the invited address, the role, whether it can still be used, and whether that address has an account
         * @description The token is the credential (it is the secret of the link); unknown or withdrawn tokens are 404. The organization is named only once you join.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["InvitationLookup"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InvitationLookedUp"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation as the signed-in person it was sent to
         * @description X-Service-Org names any organization you already belong to (the credential's); the token selects the organization you join.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["InvitationAccept"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InvitationAccepted"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit log: who changed what, newest first
         * @description Filters combine with AND. Every mutation writes one entry in the same transaction as the change.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Only entries by this actor (usr_…). */
                    actor_id?: string;
                    /** @description Only this action, e.g. member.remove. */
                    action?: string;
                    /** @description Only this kind of target, e.g. service. */
                    target_type?: string;
                    /** @description Only entries about this target id. */
                    target_id?: string;
                    /** @description Entries at or after this ISO 8601 time. */
                    since?: string;
                    /** @description Entries before this ISO 8601 time. */
                    until?: string;
                    /** @description Page size (default 50, at most 500). */
                    limit?: number;
                    /** @description The X-Next-Cursor of the previous page, sent with the same filters (the Link header repeats them). */
                    cursor?: string;
                };
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description The cursor of the next page; absent on the last page. */
                        "X-Next-Cursor"?: string;
                        /** @description `<…>; rel="next"`: the URL of the next page; absent on the last page. */
                        Link?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AuditEntry"][];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List schedules */
        get: {
            parameters: {
                query?: {
                    /** @description Page size (default 50, at most 500). */
                    limit?: number;
                    /** @description The X-Next-Cursor of the previous page, sent with the same filters (the Link header repeats them). */
                    cursor?: string;
                };
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description The cursor of the next page; absent on the last page. */
                        "X-Next-Cursor"?: string;
                        /** @description `<…>; rel="next"`: the URL of the next page; absent on the last page. */
                        Link?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Schedule"][];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create a schedule: escalation levels with rotating layers */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ScheduleWrite"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Schedule"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/schedules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a schedule */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Schedule"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Replace a schedule (layers sent with their id keep whose turn it is unless reset_rotation) */
        put: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ScheduleWrite"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Schedule"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        /** Delete a schedule (409 while a service or a routing rule uses it) */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/schedules/{id}/clone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Copy a schedule under a new name */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ScheduleClone"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Schedule"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/schedules/{id}/oncall": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who is on call at every level, now or at `at` */
        get: {
            parameters: {
                query?: {
                    /** @description An instant with an offset or Z; default now. */
                    at?: string;
                };
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OnCall"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/schedules/{id}/shifts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every shift of every level in [from, to) (at most 31 days), for a timeline */
        get: {
            parameters: {
                query: {
                    /** @description Start, with an offset or Z. */
                    from: string;
                    /** @description End, with an offset or Z; at most 31 days after from. */
                    to: string;
                };
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Shift"][];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/schedules/{id}/reachability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every shift in [from, to) (default the next 7 days, at most 31) and whether the person's high-urgency steps reach them */
        get: {
            parameters: {
                query?: {
                    /** @description Start, with an offset or Z; default now. */
                    from?: string;
                    /** @description End, with an offset or Z; default 7 days after from, at most 31. */
                    to?: string;
                };
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ShiftReach"][];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/schedules/{id}/overrides": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Overrides that overlap [from, to), by start (from: now by default; to: open) */
        get: {
            parameters: {
                query?: {
                    /** @description With an offset or Z; default now. */
                    from?: string;
                    /** @description With an offset or Z. */
                    to?: string;
                    /** @description Page size (default 50, at most 500). */
                    limit?: number;
                    /** @description The X-Next-Cursor of the previous page, sent with the same filters (the Link header repeats them). */
                    cursor?: string;
                };
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description The cursor of the next page; absent on the last page. */
                        "X-Next-Cursor"?: string;
                        /** @description `<…>; rel="next"`: the URL of the next page; absent on the last page. */
                        Link?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScheduleOverride"][];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Add an override: add, remove or replace a person at a level (optionally one layer) for a while */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ScheduleOverrideCreate"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScheduleOverride"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/overrides/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete an override */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/schedules/{id}/level-channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The channel steps of every (level, priority) pair; default: true where none are set */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LevelChannelEntry"][];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Replace every level-channel entry (pairs not sent return to the defaults) */
        put: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["LevelChannels"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LevelChannelEntry"][];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/schedules/{id}/level-channels/{level}/{priority}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Return one (level, priority) pair to its default steps */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                    level: string;
                    priority: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/services/{id}/routing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The service's routing rules, or null when never set */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServiceRouting"] | null;
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Replace the service's routing rules (first match picks the schedule, else the service's schedule_id) */
        put: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ServiceRoutingWrite"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServiceRouting"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/calendar-feeds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your calendar feeds in this organization (without their URLs) */
        get: {
            parameters: {
                query?: {
                    /** @description Page size (default 50, at most 500). */
                    limit?: number;
                    /** @description The X-Next-Cursor of the previous page, sent with the same filters (the Link header repeats them). */
                    cursor?: string;
                };
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description The cursor of the next page; absent on the last page. */
                        "X-Next-Cursor"?: string;
                        /** @description `<…>; rel="next"`: the URL of the next page; absent on the last page. */
                        Link?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CalendarFeed"][];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create a secret iCalendar feed URL of your shifts in this organization (shown once) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CalendarFeedCreate"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CalendarFeedCreated"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/calendar-feeds/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a calendar feed: its URL stops working at once */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calendar/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A calendar feed (iCalendar, RFC 5545): your shifts from 7 days ago to 60 days ahead */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The feed token followed by .ics */
                    file: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List outbound webhooks (URLs masked, headers and secrets never shown) */
        get: {
            parameters: {
                query?: {
                    /** @description Page size (default 50, at most 500). */
                    limit?: number;
                    /** @description The X-Next-Cursor of the previous page, sent with the same filters (the Link header repeats them). */
                    cursor?: string;
                };
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description The cursor of the next page; absent on the last page. */
                        "X-Next-Cursor"?: string;
                        /** @description `<…>; rel="next"`: the URL of the next page; absent on the last page. */
                        Link?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Webhook"][];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create an outbound webhook; the answer carries its signing secret
         * @description The URL is checked now (public addresses only) and again on every connection. custom requires a template, native takes none; slack, teams and discord have defaults.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookCreate"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookCreated"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Render a template for an event of a real alert or a sample, as a delivery would; a problem is a 400 naming its JSON pointer and column */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookPreview"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookPreviewResult"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One outbound webhook, with its health */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Webhook"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a webhook and its delivery log */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change a webhook; {"enabled": true} enables it again after it was disabled */
        patch: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookPatch"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Webhook"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a sample event now, once, and answer with the delivery and its attempt */
        post: {
            parameters: {
                query?: {
                    /** @description The event kind to send (default alert.triggered). */
                    event?: "alert.triggered" | "alert.repeated" | "alert.priority_raised" | "alert.acknowledged" | "alert.escalated" | "alert.snoozed" | "alert.woken" | "alert.resolved";
                };
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookDelivery"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue a new signing secret; for 24 hours deliveries carry a signature with each */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookSecret"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The delivery log, newest first: every attempt with its status, the head of the response and its duration (kept 7 days) */
        get: {
            parameters: {
                query?: {
                    /** @description Page size (default 50, at most 500). */
                    limit?: number;
                    /** @description The X-Next-Cursor of the previous page, sent with the same filters (the Link header repeats them). */
                    cursor?: string;
                    state?: "pending" | "delivered" | "failed";
                };
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description The cursor of the next page; absent on the last page. */
                        "X-Next-Cursor"?: string;
                        /** @description `<…>; rel="next"`: the URL of the next page; absent on the last page. */
                        Link?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookDelivery"][];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries/{delivery_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivery again: the same webhook-id and body, on a fresh retry schedule */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                    delivery_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookDelivery"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/page-actions/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The confirmation page an email acknowledge link opens (changes nothing) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The page action token (kxk_…) a push payload or an email link carries. A secret: single use, short-lived. */
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An HTML page */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
                    };
                };
                /** @description An HTML page */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
                    };
                };
                /** @description An HTML page */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
                    };
                };
            };
        };
        put?: never;
        /** Acknowledge the alert a push or email page is about, with its single-use action token */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The page action token (kxk_…) a push payload or an email link carries. A secret: single use, short-lived. */
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PageActionResult"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's alert changes, live (server-sent events), or as a JSON page
         * @description With Accept: text/event-stream: a stream of `alert` events (id, type, alert_id), after Last-Event-ID when sent, else from now; a `ready` event follows the replay; a `reset` event means more was missed than is replayed: fetch everything again. Read it with fetch to send X-Service-Org. Open streams are bounded per session, per organization and per server: past one, 429 with Retry-After. A stream ends when its member leaves or is removed. Without it: a JSON array of the events after `cursor`, oldest first. Events are kept a week.
         */
        get: {
            parameters: {
                query?: {
                    /** @description JSON form: page size (default 50, at most 500). */
                    limit?: number;
                    /** @description JSON form: the id of the last event seen (X-Next-Cursor); events after it. */
                    cursor?: string;
                };
                header: {
                    /** @description Stream form: resume after this event id. */
                    "last-event-id"?: string;
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description The cursor of the next page; absent on the last page. */
                        "X-Next-Cursor"?: string;
                        /** @description `<…>; rel="next"`: the URL of the next page; absent on the last page. */
                        Link?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": components["schemas"]["LiveEvent"][];
                        "application/json": components["schemas"]["LiveEvent"][];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": components["schemas"]["ErrorBody"];
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": components["schemas"]["ErrorBody"];
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": components["schemas"]["ErrorBody"];
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": components["schemas"]["ErrorBody"];
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                429: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": components["schemas"]["ErrorBody"];
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/notification-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How you are reached: your steps per urgency, quiet hours and handoff notice */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["NotificationRules"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /**
         * Set how you are reached; an empty list means the level's steps
         * @description Your list for an alert's urgency replaces the level's steps when you are paged (chat steps still come from the level), unless the organization turned person_rules off.
         */
        put: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["NotificationRulesWrite"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["NotificationRules"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/notification-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A member's notification rules (admins) */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["NotificationRules"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/services/{id}/heartbeats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a service's heartbeats */
        get: {
            parameters: {
                query?: {
                    /** @description Page size (default 50, at most 500). */
                    limit?: number;
                    /** @description The X-Next-Cursor of the previous page, sent with the same filters (the Link header repeats them). */
                    cursor?: string;
                };
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description The cursor of the next page; absent on the last page. */
                        "X-Next-Cursor"?: string;
                        /** @description `<…>; rel="next"`: the URL of the next page; absent on the last page. */
                        Link?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Heartbeat"][];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create a heartbeat: an alert opens when no ping arrives for interval + grace */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["HeartbeatCreate"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HeartbeatWithUrl"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/heartbeats/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a heartbeat */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Heartbeat"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a heartbeat (an alert it opened is resolved) */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change or pause a heartbeat */
        patch: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["HeartbeatPatch"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Heartbeat"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/heartbeats/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new ping URL; the previous one stops at once */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HeartbeatWithUrl"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/heartbeat/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ping a heartbeat (any body) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Ping a heartbeat (any body) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/heartbeat/{token}/fail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Report a failure: the heartbeat's alert opens now with the body as its details */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Report a failure: the heartbeat's alert opens now with the body as its details */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/maintenance-windows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List maintenance windows */
        get: {
            parameters: {
                query?: {
                    /** @description Page size (default 50, at most 500). */
                    limit?: number;
                    /** @description The X-Next-Cursor of the previous page, sent with the same filters (the Link header repeats them). */
                    cursor?: string;
                };
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description The cursor of the next page; absent on the last page. */
                        "X-Next-Cursor"?: string;
                        /** @description `<…>; rel="next"`: the URL of the next page; absent on the last page. */
                        Link?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MaintenanceWindow"][];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create a maintenance window: nobody is paged for its services while it is active */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["MaintenanceWindowCreate"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MaintenanceWindow"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/maintenance-windows/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a maintenance window */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MaintenanceWindow"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a maintenance window */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change a maintenance window */
        patch: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["MaintenanceWindowPatch"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MaintenanceWindow"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/maintenance-windows/{id}/end": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the running occurrence now (a weekly window still recurs) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MaintenanceWindow"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/telegram": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your Telegram link: whether pages by telegram reach your chat, and why not */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TelegramLink"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Make a one-time t.me link that binds the Telegram chat which opens it to you
         * @description Open the link in Telegram and press Start: the bot links that private chat to your account, and `telegram` steps of notification rules and levels page it with Acknowledge and Escalate buttons. The link works once, for 15 minutes; a new one replaces it. Linking again (also after the chat was disabled) binds the chat that opens the new link. 409 when Telegram is not configured on this server.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TelegramLinkCreated"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                409: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                503: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Unlink your Telegram chat: pages by telegram stop at once */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/providers/telegram": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The Telegram bot's webhook: Start with a link code binds a chat; Acknowledge and Escalate buttons act on the alert of the page
         * @description Telegram posts each Update here with the secret token set by setWebhook (`klaxon serve` registers it). A press acts as the Klaxon person whose chat it is, only on their own page; an update Telegram delivers twice acts once.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["TelegramUpdate"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/slack": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization's Slack app: its workspace, the bot token masked */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SlackConnection"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /**
         * Connect the organization's Slack app (or replace its token and secret)
         * @description The bot token is checked with Slack (auth.test) and names the workspace; both are stored sealed. Create the app from GET /api/chat/slack/manifest first.
         */
        put: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SlackConnectionPut"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SlackConnection"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                503: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        /** Disconnect the Slack app; its channels' deliveries fail until it is connected again */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/slack/manifest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A Slack app manifest naming this instance's interactivity and /klaxon command URLs
         * @description Paste it at api.slack.com/apps (Create New App, From a manifest), install the app, then connect it with PUT /api/chat/slack.
         */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description The organization acted on (org_…). Missing, malformed or not yours: 403. */
                    "X-Service-Org": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A Slack app manifest (JSON) naming this instance's interactivity and slash command URLs. */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SlackManifest"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                403: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                404: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/providers/slack/interactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Slack interactivity: a button press on an alert message (Acknowledge, Resolve, Escalate)
         * @description Checked with X-Slack-Signature (v0, timestamp within 5 minutes; otherwise 401 and nothing changes). Answered at once; the press is acted on as the member whose verified email is the Slack user's, and a refusal comes back as an ephemeral message.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Empty: the press was taken. */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/providers/slack/commands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Slack slash command /klaxon: ack or resolve an alert, or who is on call
         * @description `/klaxon ack <alert id>`, `/klaxon resolve <alert id>`, `/klaxon oncall [schedule]`. Checked with X-Slack-Signature as interactions are; answered as an ephemeral message.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SlackCommandAnswer"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                400: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                401: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/config-schema.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * JSON Schema of the configuration document
         * @description The JSON Schema (draft 2020-12) of the YAML document that `klaxon config export` writes and `klaxon config plan|apply` read: services, schedules, webhooks and maintenance windows of one organization, matched by name. Point an editor at it to complete and check the file.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI 3.1 document */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is alive */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ok: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Klaxon can keep a signal now: the database takes it, or the local spool can; the body says what waits */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Readiness"];
                    };
                };
                /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
                503: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request. */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem. */
        ErrorBody: {
            /** @enum {boolean} */
            ok: false;
            error: {
                code: "invalid_request" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "service_unavailable" | "internal";
                message: string;
                details?: {
                    field: string;
                    message: string;
                }[];
            };
        };
        Ok: {
            /** @enum {boolean} */
            ok: true;
        };
        Readiness: {
            /** @enum {boolean} */
            ok: true;
            /** @description Whether the database answered; while it does not, signals go to the local spool. */
            store: "reachable" | "unreachable";
            /** @description Signals waiting in the local spool for the database. */
            spool_units: number;
            /** @description Where a signal sent now goes: the database, or the local spool (answered `buffered: true`). */
            ingest: "store" | "spool";
            /** @description Whether this process pages now, waits for the database to do so, or leaves paging to worker processes (--role api). */
            paging: "running" | "waiting" | "other_processes";
            /** @description What this process cannot do now, and why (empty when all is well). */
            cannot: string[];
        };
        /** @description A native alert signal. Unknown fields are ignored. service_id must not be sent: the URL selects the service. */
        NativeSignal: {
            /** @description Short summary; required for a trigger. */
            title?: string;
            /** @description Stable id of the condition; required for a resolve. Defaults to the title. */
            event_key?: string;
            /** @description Details. */
            body?: string;
            priority?: "critical" | "high" | "medium" | "low" | "info";
            urgency?: "high" | "low";
            source?: string;
            action?: "trigger" | "resolve";
        };
        /** @description A native alert signal with its target service, for alert-ingest keys. */
        KeyedSignal: {
            /** @description The target service (svc_…). */
            service_id: string;
            /** @description Short summary; required for a trigger. */
            title?: string;
            /** @description Stable id of the condition; required for a resolve. Defaults to the title. */
            event_key?: string;
            /** @description Details. */
            body?: string;
            priority?: "critical" | "high" | "medium" | "low" | "info";
            urgency?: "high" | "low";
            source?: string;
            action?: "trigger" | "resolve";
        };
        IngestResponse: {
            /** @enum {boolean} */
            ok: true;
            alert_id?: string;
            deduped?: boolean;
            resolved?: boolean;
            receipt_id: string;
            buffered?: boolean;
            /** @description Vendor batches: the outcome of each item, in order. */
            items?: {
                service_id: string;
                event_key: string;
                action: string;
                alert_id?: string;
                deduped: boolean;
                resolved: boolean;
            }[];
        };
        AlertChangeResponse: {
            /** @enum {boolean} */
            ok: true;
            alert_id: string;
            status: string;
            /** @description False when the alert was already in that state. */
            changed: boolean;
        };
        Alert: {
            id: string;
            org_id: string;
            service_id: string;
            title: string;
            body: string;
            event_key: string;
            /** @enum {string} */
            priority: "critical" | "high" | "medium" | "low" | "info";
            /** @enum {string} */
            urgency: "high" | "low";
            /** @enum {string} */
            status: "open" | "acknowledged" | "snoozed" | "resolved";
            /** @description Repeat signals joined; 0 for a new alert. */
            duplicate_count: number;
            source: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            last_signal_at: string;
            acknowledged_at: string | null;
            acknowledged_by: string | null;
            resolved_at: string | null;
            resolved_by: string | null;
            snoozed_until: string | null;
            level: number;
            maintenance_window_id: string | null;
            details: {
                [key: string]: unknown;
            };
        };
        TimelineEntry: {
            id: string;
            alert_id: string;
            /** @description triggered, repeated, priority_raised, acknowledged, resolved, page_requested, … */
            kind: string;
            message: string;
            actor: {
                type: string;
                id: string | null;
            };
            receipt_id: string | null;
            meta: {
                [key: string]: unknown;
            };
            created_at: string;
        };
        AlertCreate: {
            service_id: string;
            title: string;
            body?: string;
            event_key?: string;
            priority?: "critical" | "high" | "medium" | "low" | "info";
            urgency?: "high" | "low";
        };
        AlertChange: {
            /** @enum {boolean} */
            ok: true;
            alert_id: string;
            status: string;
            changed: boolean;
            alert: components["schemas"]["Alert"];
        };
        PriorityChange: {
            priority: "critical" | "high" | "medium" | "low" | "info";
            /** @description Absent: the organization's default urgency for the priority. */
            urgency?: "high" | "low";
        };
        /** @description Send until or duration_minutes. */
        AlertSnooze: {
            /** @description When the alert is open again and paged: ISO 8601 with an offset or Z, at most 7 days away. */
            until?: string;
            duration_minutes?: number;
        };
        Service: {
            id: string;
            org_id: string;
            name: string;
            description: string;
            schedule_id: string | null;
            /** @enum {string} */
            dedupe_mode: "event_key_only";
            /** @description An acknowledged alert not resolved within this many minutes is open again and its current level is paged again (timeline "acknowledgement expired", webhook event alert.woken); null: never. */
            ack_timeout_minutes: number | null;
            /** @description An alert with no signal for this many minutes resolves itself (timeline "auto-resolved: no signal for N minutes", webhook event alert.resolved); null: never. */
            auto_resolve_minutes: number | null;
            /** @description The maintenance window holding paging for this service now (its id and when it ends), or null. */
            maintenance: {
                id: string;
                until: string;
            } | null;
            created_at: string;
            updated_at: string;
            /** @description Whether a high-priority alert would page someone now: ok; no_schedule (no schedule_id and no routing rule picks one); nobody_on_call (no level of the schedule has anyone on call now); unreachable (no one on call now at level 1 is reached by their high-urgency steps: GET /api/schedules/{id}/reachability says why). */
            paging: "ok" | "no_schedule" | "nobody_on_call" | "unreachable";
        };
        ServiceCreate: {
            name: string;
            description?: string;
            /** @description A schedule of the organization (sch_…), or null: the service then pages nobody unless a routing rule picks a schedule. */
            schedule_id?: string | null;
            /** @enum {string} */
            dedupe_mode?: "event_key_only";
            /** @description null or 1 to 1440 minutes: an acknowledged alert not resolved within it is open again and paged again. */
            ack_timeout_minutes?: number | null;
            /** @description null or 1 to 43200 minutes: an alert with no signal for that long resolves itself. */
            auto_resolve_minutes?: number | null;
        };
        ServicePatch: {
            name?: string;
            description?: string;
            schedule_id?: string | null;
            /** @enum {string} */
            dedupe_mode?: "event_key_only";
            /** @description null or 1 to 1440 minutes: an acknowledged alert not resolved within it is open again and paged again. */
            ack_timeout_minutes?: number | null;
            /** @description null or 1 to 43200 minutes: an alert with no signal for that long resolves itself. */
            auto_resolve_minutes?: number | null;
        };
        ServiceCreated: {
            id: string;
            org_id: string;
            name: string;
            description: string;
            schedule_id: string | null;
            /** @enum {string} */
            dedupe_mode: "event_key_only";
            /** @description An acknowledged alert not resolved within this many minutes is open again and its current level is paged again (timeline "acknowledgement expired", webhook event alert.woken); null: never. */
            ack_timeout_minutes: number | null;
            /** @description An alert with no signal for this many minutes resolves itself (timeline "auto-resolved: no signal for N minutes", webhook event alert.resolved); null: never. */
            auto_resolve_minutes: number | null;
            /** @description The maintenance window holding paging for this service now (its id and when it ends), or null. */
            maintenance: {
                id: string;
                until: string;
            } | null;
            created_at: string;
            updated_at: string;
            /** @description Whether a high-priority alert would page someone now: ok; no_schedule (no schedule_id and no routing rule picks one); nobody_on_call (no level of the schedule has anyone on call now); unreachable (no one on call now at level 1 is reached by their high-urgency steps: GET /api/schedules/{id}/reachability says why). */
            paging: "ok" | "no_schedule" | "nobody_on_call" | "unreachable";
            default_integration: {
                id: string;
                type: string;
                name: string;
                /** @description A secret: whoever holds it can open alerts on this service. */
                ingest_url: string;
            };
        };
        ApiKey: {
            id: string;
            name: string;
            /**
             * @description agent: an agent token (kxa_) a member approved; it acts as them here.
             * @enum {string}
             */
            kind: "full_product" | "alert_ingest" | "agent";
            service_ids: string[] | null;
            user_id: string | null;
            /** @description Prefix and last four characters, to recognise a key. */
            secret_hint: string;
            created_at: string;
            last_used_at: string | null;
            /** @description Agent tokens only. */
            expires_at?: string;
        };
        ApiKeyCreate: {
            name: string;
            kind: "full_product" | "alert_ingest";
            /** @description alert_ingest only: the services it may address. */
            service_ids?: string[];
        };
        ApiKeyCreated: {
            id: string;
            name: string;
            /**
             * @description agent: an agent token (kxa_) a member approved; it acts as them here.
             * @enum {string}
             */
            kind: "full_product" | "alert_ingest" | "agent";
            service_ids: string[] | null;
            user_id: string | null;
            /** @description Prefix and last four characters, to recognise a key. */
            secret_hint: string;
            created_at: string;
            last_used_at: string | null;
            /** @description Agent tokens only. */
            expires_at?: string;
            /** @description Shown only in this response; stored hashed. */
            secret: string;
        };
        EndedCredentials: {
            /** @description Dashboard and app sessions signed out. */
            sessions: number;
            /** @description Agent tokens (kxa_) revoked. */
            agent_tokens: number;
            /** @description Full-product keys (kxp_) of the person, in every organization, revoked with the keys minted through them. */
            api_keys: number;
            /** @description Devices removed: they stop receiving pages until an app registers again. */
            devices: number;
        };
        AlertSoundPreference: {
            /** @description Your name, as timelines, chat messages, pickers and schedules show you; "" shows your email instead. One line, at most 200 characters. */
            name?: string;
            sounds?: {
                /** @description A sound name of the app (e.g. klaxon, chime, silent). */
                high?: string;
                /** @description A sound name of the app (e.g. klaxon, chime, silent). */
                low?: string;
            };
            /** @description High urgency as iOS critical alerts / Android alarm channel. */
            critical_alerts?: boolean;
        };
        AlertSound: {
            sounds: {
                high: string;
                low: string;
            };
            critical_alerts: boolean;
        };
        Me: {
            user: {
                id: string;
                email: string;
                name: string;
                created_at: string;
                email_verified: boolean;
                totp_enabled: boolean;
            };
            org: {
                id: string;
                name: string;
                time_zone: string;
            };
            /** @enum {string} */
            role: "owner" | "admin" | "responder" | "observer";
            credential: {
                id: string;
                audience: string;
            };
            memberships: {
                org_id: string;
                org_name: string;
                role: string;
            }[];
            alert_sound: components["schemas"]["AlertSound"];
        };
        EmailChangeRequest: {
            email: string;
        };
        EmailChangePending: {
            /** @description The new address; a six-digit code was mailed to it. */
            email: string;
            expires_at: string;
            attempts_allowed: number;
        };
        EmailChanged: {
            email: string;
            /** @enum {boolean} */
            email_verified: true;
            ended: components["schemas"]["EndedCredentials"];
        };
        AgreementConsent: {
            /** @description terms of service, privacy policy or data processing agreement */
            kind: "terms" | "privacy" | "dpa";
            version: string;
        };
        AgreementConsentRecorded: {
            id: string;
            kind: string;
            version: string;
            accepted_at: string;
            ip: string | null;
        };
        Bootstrap: {
            platform: "web" | "ios" | "android";
            app_version: string;
            /** @description IANA time zone, e.g. Europe/Berlin. */
            time_zone: string;
            /** @description BCP 47 tag, e.g. en-US. */
            locale: string;
        };
        BootstrapResult: {
            me: components["schemas"]["Me"];
            org: {
                id: string;
                name: string;
                time_zone: string;
                settings: {
                    time_zone: string;
                    ingest_rate_per_minute: number;
                } & {
                    [key: string]: unknown;
                };
            };
            /** @description null until billing is set up on this server. */
            plan: string | null;
            entitlements: {
                [key: string]: unknown;
            } | null;
            agreements: {
                kind: string;
                version: string;
                accepted_at: string;
            }[];
            client: components["schemas"]["Bootstrap"];
            server_time: string;
        };
        /** @description Spec 2.4: exact, case-sensitive match; rules are ordered and the first match wins. */
        RoutingRule: {
            /** @description Attribute name: an Alertmanager/Grafana label, a Datadog tag key, or a key of a custom routing object. */
            attribute: string;
            /** @description Exact, case-sensitive value. */
            value: string;
            /** @description A service of this organization (svc_…). */
            service_id: string;
        };
        /** @description Custom mapping. Each field is a JSONata expression (https://docs.jsonata.org) evaluated on the JSON payload, e.g. {"title":"alert.name","event_key":"alert.id","priority":"$lowercase(alert.severity)","action":"alert.state = 'ok' ? 'resolve' : 'trigger'","routing":"{\"team\": alert.team}"}. Regular expressions and $eval are refused. Mappings run in a sandbox process, bounded per request: 250 ms for all items and fields together, 128 MB, recursion depth 100, 1,000 values a sequence or $split, 100 items. A mapping that exceeds a bound even without a payload is refused when it is saved; one that exceeds it on a payload is a 400 naming the field. */
        IntegrationMapping: {
            /** @description JSONata expression giving an array of alert items for batch payloads; the other expressions then run on each item, and $payload is the whole body. */
            items?: string;
            /** @description JSONata expression giving the title (required; a literal is quoted: "'Disk full'"). */
            title: string;
            /** @description JSONata expression giving the event (dedupe) key; defaults to the title. */
            event_key?: string;
            /** @description JSONata expression giving critical, high, medium, low or info (case-insensitive); absent means high. */
            priority?: string;
            /** @description JSONata expression giving high or low; absent means the priority default. */
            urgency?: string;
            /** @description JSONata expression giving trigger or resolve; absent means trigger. */
            action?: string;
            /** @description JSONata expression giving the details text. */
            body?: string;
            /** @description JSONata expression giving the sending system name (default "custom"). */
            source?: string;
            /** @description JSONata expression giving an object of string attributes the routing rules match on. */
            routing?: string;
        };
        Integration: {
            id: string;
            org_id: string;
            /** @description Direct sources: webhook, events_v2, email (bound to service_id). Vendor connections: datadog, grafana, alertmanager, custom (routing_rules + fallback_service_id). */
            type: "webhook" | "events_v2" | "email" | "datadog" | "grafana" | "alertmanager" | "custom";
            name: string;
            enabled: boolean;
            service_id: string | null;
            fallback_service_id: string | null;
            routing_rules: components["schemas"]["RoutingRule"][];
            mapping: {
                [key: string]: string;
            } | null;
            /** @description Working credentials, without their secrets (use reveal). */
            credentials: {
                id: string;
                /** @enum {string} */
                kind: "url_token" | "routing_key" | "email";
                /** @description False for a previous credential that still works until expires_at. */
                current: boolean;
                created_at: string;
                expires_at: string | null;
            }[];
            created_at: string;
            updated_at: string;
        };
        /** @description Direct source: {"type","name","service_id"}. Vendor connection: {"type","name","routing_rules","fallback_service_id"}; custom adds "mapping". */
        IntegrationCreate: {
            /** @description Direct sources: webhook, events_v2, email (bound to service_id). Vendor connections: datadog, grafana, alertmanager, custom (routing_rules + fallback_service_id). */
            type: "webhook" | "events_v2" | "email" | "datadog" | "grafana" | "alertmanager" | "custom";
            name: string;
            /** @description A service of this organization (svc_…). */
            service_id?: string;
            /** @description Ordered; the first match wins. Missing, empty and unmatched values go to fallback_service_id. A payload never names a service. */
            routing_rules?: components["schemas"]["RoutingRule"][];
            /** @description A service of this organization (svc_…). */
            fallback_service_id?: string;
            mapping?: components["schemas"]["IntegrationMapping"];
        };
        /** @description The source and its credential. */
        IntegrationCreated: {
            id: string;
            org_id: string;
            /** @description Direct sources: webhook, events_v2, email (bound to service_id). Vendor connections: datadog, grafana, alertmanager, custom (routing_rules + fallback_service_id). */
            type: "webhook" | "events_v2" | "email" | "datadog" | "grafana" | "alertmanager" | "custom";
            name: string;
            enabled: boolean;
            service_id: string | null;
            fallback_service_id: string | null;
            routing_rules: components["schemas"]["RoutingRule"][];
            mapping: {
                [key: string]: string;
            } | null;
            /** @description Working credentials, without their secrets (use reveal). */
            credentials: {
                id: string;
                /** @enum {string} */
                kind: "url_token" | "routing_key" | "email";
                /** @description False for a previous credential that still works until expires_at. */
                current: boolean;
                created_at: string;
                expires_at: string | null;
            }[];
            created_at: string;
            updated_at: string;
            /** @description The ingest URL (webhook and vendor types). A secret. */
            ingest_url?: string;
            /** @description The 32-character routing key (events_v2). A secret. */
            routing_key?: string;
            /** @description The ingest address (email). A secret. */
            email_address?: string;
        };
        IntegrationPatch: {
            name?: string;
            /** @description false revokes the source: every credential stops working for good (within 60 s). true on a disabled source issues a new credential, in the answer. */
            enabled?: boolean;
            /** @description Ordered; the first match wins. Missing, empty and unmatched values go to fallback_service_id. A payload never names a service. */
            routing_rules?: components["schemas"]["RoutingRule"][];
            /** @description A service of this organization (svc_…). */
            fallback_service_id?: string;
            mapping?: components["schemas"]["IntegrationMapping"];
            /**
             * @description Revokes the credentials a replace or rotate left working.
             * @enum {string}
             */
            previous_credential?: "revoked";
        };
        /** @description The current credential. Every reveal is written to the audit log. */
        IntegrationReveal: {
            id: string;
            /** @description Direct sources: webhook, events_v2, email (bound to service_id). Vendor connections: datadog, grafana, alertmanager, custom (routing_rules + fallback_service_id). */
            type: "webhook" | "events_v2" | "email" | "datadog" | "grafana" | "alertmanager" | "custom";
            name: string;
            enabled: boolean;
            credential_id: string;
            /** @description The ingest URL (webhook and vendor types). A secret. */
            ingest_url?: string;
            /** @description The 32-character routing key (events_v2). A secret. */
            routing_key?: string;
            /** @description The ingest address (email). A secret. */
            email_address?: string;
        };
        IntegrationRotated: {
            id: string;
            /** @description Direct sources: webhook, events_v2, email (bound to service_id). Vendor connections: datadog, grafana, alertmanager, custom (routing_rules + fallback_service_id). */
            type: "webhook" | "events_v2" | "email" | "datadog" | "grafana" | "alertmanager" | "custom";
            name: string;
            enabled: boolean;
            /** @description When the previous credential(s) stop working. */
            previous_expires_at: string;
            /** @description The ingest URL (webhook and vendor types). A secret. */
            ingest_url?: string;
            /** @description The 32-character routing key (events_v2). A secret. */
            routing_key?: string;
            /** @description The ingest address (email). A secret. */
            email_address?: string;
        };
        /** @description Parses a sample payload and routes each item with the given rules; nothing is stored. */
        IntegrationPreview: {
            type: "datadog" | "grafana" | "alertmanager" | "custom";
            /** @description A sample vendor payload, exactly as the sender would post it. */
            payload: unknown;
            /** @description Ordered; the first match wins. Missing, empty and unmatched values go to fallback_service_id. A payload never names a service. */
            routing_rules?: components["schemas"]["RoutingRule"][];
            /** @description A service of this organization (svc_…). */
            fallback_service_id?: string;
            mapping?: components["schemas"]["IntegrationMapping"];
        };
        IntegrationPreviewResult: {
            items: {
                title: string;
                event_key: string;
                priority: string;
                urgency: string;
                action: string;
                body: string;
                source: string;
                attributes: {
                    [key: string]: string;
                };
                /** @description Index of the rule that matched, or null for the fallback. */
                matched_rule: number | null;
                service_id: string | null;
            }[];
        };
        /** @description The source; with its new credential when {"enabled":true} turned a disabled source back on. */
        IntegrationUpdated: {
            id: string;
            org_id: string;
            /** @description Direct sources: webhook, events_v2, email (bound to service_id). Vendor connections: datadog, grafana, alertmanager, custom (routing_rules + fallback_service_id). */
            type: "webhook" | "events_v2" | "email" | "datadog" | "grafana" | "alertmanager" | "custom";
            name: string;
            enabled: boolean;
            service_id: string | null;
            fallback_service_id: string | null;
            routing_rules: components["schemas"]["RoutingRule"][];
            mapping: {
                [key: string]: string;
            } | null;
            /** @description Working credentials, without their secrets (use reveal). */
            credentials: {
                id: string;
                /** @enum {string} */
                kind: "url_token" | "routing_key" | "email";
                /** @description False for a previous credential that still works until expires_at. */
                current: boolean;
                created_at: string;
                expires_at: string | null;
            }[];
            created_at: string;
            updated_at: string;
            /** @description The ingest URL (webhook and vendor types). A secret. */
            ingest_url?: string;
            /** @description The 32-character routing key (events_v2). A secret. */
            routing_key?: string;
            /** @description The ingest address (email). A secret. */
            email_address?: string;
        };
        OrgSettings: {
            id: string;
            name: string;
            /** @description IANA time zone name. */
            time_zone: string;
            /** @description Urgency of a signal that gives a priority but no urgency, per priority. */
            default_urgency_rules: {
                critical: "high" | "low";
                high: "high" | "low";
                medium: "high" | "low";
                low: "high" | "low";
                info: "high" | "low";
            };
            /** @description Days resolved alerts and their timelines are kept. */
            retention_days: number;
            /** @description Signals a minute each ingest credential may send (bursts up to one minute of it). */
            ingest_rate_per_minute: number;
            /** @description SMS and calls to one person: a page over a limit waits until it may go (never dropped), and SMS pages waiting together go as one message. */
            paging_throttles: {
                sms: {
                    /** @description A sliding window, in minutes. */
                    window_minutes: number;
                    /** @description At most this many in any such window to one person. */
                    max: number;
                }[];
                voice: {
                    /** @description A sliding window, in minutes. */
                    window_minutes: number;
                    /** @description At most this many in any such window to one person. */
                    max: number;
                }[];
            };
            /** @description Countries (ISO 3166-1 alpha-2) verification SMS and test pages may go to, as an admin set them; null: the default, the country of the first verified number of the organization (none before one). */
            phone_countries: string[] | null;
            /** @description The countries verification SMS and test pages go to now: phone_countries, or its default. Satellite and other non-geographic numbers (+881, +882, +883, +800) never qualify. */
            phone_countries_allowed: string[];
            /** @description true (default): each person's notification rules decide how they are paged where they set them; false: the levels' steps decide for everyone. */
            person_rules: boolean;
            /** @description true: members other than owners may not sign in with a password, only with single sign-on (API keys are unaffected). */
            sso_required: boolean;
            /** @description Identity provider group → role, applied at each single sign-on: a person in a mapped group joins with that role, or a member (other than an owner) gets it; the highest role of their groups wins. Changing it needs an owner. */
            sso_role_map: {
                [key: string]: "admin" | "responder" | "observer";
            };
            /** @description Which paging channels this server can deliver on. A channel without a provider is not_configured: its pages say so in the alert timeline, never dropped silently. */
            channels: {
                push: "configured" | "not_configured";
                sms: "configured" | "not_configured";
                voice: "configured" | "not_configured";
                email: "configured" | "not_configured";
                chat: "configured" | "not_configured";
                telegram: "configured" | "not_configured";
            };
            created_at: string;
            updated_at: string;
        };
        OrgSettingsPatch: {
            name?: string;
            /** @description IANA time zone name, e.g. Europe/Berlin. */
            time_zone?: string;
            /** @description Urgency of a signal that gives a priority but no urgency, per priority. */
            default_urgency_rules?: {
                critical: "high" | "low";
                high: "high" | "low";
                medium: "high" | "low";
                low: "high" | "low";
                info: "high" | "low";
            };
            retention_days?: number;
            /** @description Takes effect on ingest within 5 seconds. */
            ingest_rate_per_minute?: number;
            /** @description Replaces a channel's throttle list; null returns it to the defaults. */
            paging_throttles?: {
                sms?: {
                    /** @description A sliding window, in minutes. */
                    window_minutes: number;
                    /** @description At most this many in any such window to one person. */
                    max: number;
                }[] | null;
                voice?: {
                    /** @description A sliding window, in minutes. */
                    window_minutes: number;
                    /** @description At most this many in any such window to one person. */
                    max: number;
                }[] | null;
            };
            /** @description Countries verification SMS and test pages may go to (an empty list: none); null returns to the default (the country of the first verified number). */
            phone_countries?: string[] | null;
            /** @description false: the levels' steps decide for everyone, whatever each person's notification rules say. */
            person_rules?: boolean;
            /** @description true needs single sign-on configured on this server; owners may still sign in with a password. */
            sso_required?: boolean;
            /** @description Identity provider group → role, applied at each single sign-on: a person in a mapped group joins with that role, or a member (other than an owner) gets it; the highest role of their groups wins. Changing it needs an owner. */
            sso_role_map?: {
                [key: string]: "admin" | "responder" | "observer";
            };
        };
        VoiceSettings: {
            voice: "female" | "male";
            /** @description BCP 47 language tag, e.g. en-US. */
            language: string;
            /** @description Times the message is read before the call ends. */
            repeat_count: number;
            /** @description Spoken before the alert; empty for the built-in greeting. */
            greeting: string;
            /** @description One telephone key: 0-9, * or #. */
            ack_key: string;
            /** @description One telephone key: 0-9, * or #. */
            escalate_key: string;
        };
        Member: {
            user_id: string;
            email: string;
            name: string;
            role: "owner" | "admin" | "responder" | "observer";
            joined_at: string;
            /** @description The person proved the address (a mailed code or link, an invitation, or the operator); only then are they paged. */
            email_verified: boolean;
        };
        MemberPatch: {
            role: "owner" | "admin" | "responder" | "observer";
        };
        OrgCreate: {
            name: string;
            /** @description IANA time zone name (default UTC). */
            time_zone?: string;
        };
        OrgCreated: {
            id: string;
            name: string;
            /** @description IANA time zone name. */
            time_zone: string;
            /** @description Urgency of a signal that gives a priority but no urgency, per priority. */
            default_urgency_rules: {
                critical: "high" | "low";
                high: "high" | "low";
                medium: "high" | "low";
                low: "high" | "low";
                info: "high" | "low";
            };
            /** @description Days resolved alerts and their timelines are kept. */
            retention_days: number;
            /** @description Signals a minute each ingest credential may send (bursts up to one minute of it). */
            ingest_rate_per_minute: number;
            /** @description SMS and calls to one person: a page over a limit waits until it may go (never dropped), and SMS pages waiting together go as one message. */
            paging_throttles: {
                sms: {
                    /** @description A sliding window, in minutes. */
                    window_minutes: number;
                    /** @description At most this many in any such window to one person. */
                    max: number;
                }[];
                voice: {
                    /** @description A sliding window, in minutes. */
                    window_minutes: number;
                    /** @description At most this many in any such window to one person. */
                    max: number;
                }[];
            };
            /** @description Countries (ISO 3166-1 alpha-2) verification SMS and test pages may go to, as an admin set them; null: the default, the country of the first verified number of the organization (none before one). */
            phone_countries: string[] | null;
            /** @description The countries verification SMS and test pages go to now: phone_countries, or its default. Satellite and other non-geographic numbers (+881, +882, +883, +800) never qualify. */
            phone_countries_allowed: string[];
            /** @description true (default): each person's notification rules decide how they are paged where they set them; false: the levels' steps decide for everyone. */
            person_rules: boolean;
            /** @description true: members other than owners may not sign in with a password, only with single sign-on (API keys are unaffected). */
            sso_required: boolean;
            /** @description Identity provider group → role, applied at each single sign-on: a person in a mapped group joins with that role, or a member (other than an owner) gets it; the highest role of their groups wins. Changing it needs an owner. */
            sso_role_map: {
                [key: string]: "admin" | "responder" | "observer";
            };
            /** @description Which paging channels this server can deliver on. A channel without a provider is not_configured: its pages say so in the alert timeline, never dropped silently. */
            channels: {
                push: "configured" | "not_configured";
                sms: "configured" | "not_configured";
                voice: "configured" | "not_configured";
                email: "configured" | "not_configured";
                chat: "configured" | "not_configured";
                telegram: "configured" | "not_configured";
            };
            created_at: string;
            updated_at: string;
            role: "owner" | "admin" | "responder" | "observer";
            api_key?: components["schemas"]["ApiKeyCreated"];
            /** @description How to act in the new organization with what you have, at once. */
            how_to_act: string;
        };
        OrgLeft: {
            /** @enum {boolean} */
            ok: true;
            org_id: string;
        };
        Invitation: {
            id: string;
            email: string;
            role: "owner" | "admin" | "responder" | "observer";
            status: "pending" | "accepted" | "revoked" | "expired";
            /** @description not_configured: no mailer is set up; share the link from the create response yourself. */
            mail_status: "pending" | "sent" | "not_configured" | "failed";
            invited_by: string | null;
            created_at: string;
            expires_at: string;
            accepted_at: string | null;
            accepted_by: string | null;
        };
        InvitationCreate: {
            email: string;
            role: "owner" | "admin" | "responder" | "observer";
        };
        InvitationCreated: {
            id: string;
            email: string;
            role: "owner" | "admin" | "responder" | "observer";
            status: "pending" | "accepted" | "revoked" | "expired";
            /** @description not_configured: no mailer is set up; share the link from the create response yourself. */
            mail_status: "pending" | "sent" | "not_configured" | "failed";
            invited_by: string | null;
            created_at: string;
            expires_at: string;
            accepted_at: string | null;
            accepted_by: string | null;
            /** @description A secret: whoever holds it can create the account for the invited email (or sign in as it) and join. Shown only in this response; valid 7 days, once. */
            invitation_url: string;
        };
        InvitationAccept: {
            /** @description The token query parameter of the invitation link (kxv_…). */
            token: string;
        };
        InvitationAccepted: {
            org_id: string;
            org_name: string;
            role: "owner" | "admin" | "responder" | "observer";
        };
        InvitationLookup: {
            /** @description The token query parameter of the invitation link (kxv_…). */
            token: string;
        };
        InvitationLookedUp: {
            /** @description The invited address: the account that joins is this one. */
            email: string;
            role: "owner" | "admin" | "responder" | "observer";
            /** @description Only a pending invitation can be accepted; accepted (used) and expired ones need a new invitation. */
            status: "pending" | "accepted" | "expired";
            expires_at: string;
            /** @description An account with the invited address exists: sign in as it and accept; otherwise create it with the token (POST /api/auth/sign-up). */
            account_exists: boolean;
        };
        AuditEntry: {
            /** @description aud_… id; ids sort by time. */
            id: string;
            /** @enum {string} */
            actor_type: "user" | "api_key" | "integration" | "system";
            /** @description usr_… for people (whatever credential they used); null for the system. */
            actor_id: string | null;
            /** @description noun.verb, e.g. service.create, org_settings.update, member.role_change. */
            action: string;
            target_type: string | null;
            target_id: string | null;
            /** @description Changed fields and their new values. Secrets never appear here. */
            changes: {
                [key: string]: unknown;
            };
            ip: string | null;
            /** @description The X-Request-Id of the request that made the change. */
            request_id: string | null;
            created_at: string;
        };
        PasswordResetRequest: {
            email: string;
        };
        PasswordResetRequested: {
            /** @enum {boolean} */
            ok: true;
            message: string;
        };
        PasswordReset: {
            /** @description The token query parameter of the mailed link (kxr_…). */
            token: string;
            /** @description The new password. */
            password: string;
        };
        PasswordResetDone: {
            /** @enum {boolean} */
            ok: true;
            /** @description Sessions and agent tokens ended (also counted in ended). */
            ended_sessions: number;
            ended: components["schemas"]["EndedCredentials"];
        };
        /** @description One of password, totp_code or recovery_code. */
        Reauthenticate: {
            password?: string;
            /** @description Instead of the password, when two-factor sign-in is on. */
            totp_code?: string;
            recovery_code?: string;
        };
        Reauthenticated: {
            session_id: string;
            /** @enum {string} */
            method: "password" | "totp" | "recovery_code";
            /** @description Account-security actions are open to this session until then. */
            valid_until: string;
        };
        PasswordChange: {
            /** @description The new password. */
            password: string;
        };
        PasswordChanged: {
            /** @enum {boolean} */
            ok: true;
            /** @description Your other sessions, signed out. */
            ended_sessions: number;
        };
        /** @description KLAXON_SIGNUP decides who may sign up: open (anyone), invite (default: only with an invitation_token), closed (nobody; accounts come from klaxon admin bootstrap). */
        SignUp: {
            email: string;
            password: string;
            name?: string;
            /** @description Without invitation_token (KLAXON_SIGNUP=open only): your new organization, of which you are the owner. */
            org_name?: string;
            /** @description The token of the invitation link (kxv_…): the account joins that organization, and the invited address counts as verified. */
            invitation_token?: string;
            /** @description dashboard (default): an HttpOnly cookie session; mobile: a bearer token (kxm_…) in the answer. */
            client?: "dashboard" | "mobile";
        };
        SignIn: {
            email: string;
            password: string;
            /** @description Required when two-factor sign-in is on (or recovery_code). */
            totp_code?: string;
            recovery_code?: string;
            /** @description dashboard (default): an HttpOnly cookie session; mobile: a bearer token (kxm_…) in the answer. */
            client?: "dashboard" | "mobile";
        };
        SessionCreated: {
            user_id: string;
            email_verified: boolean;
            session_id: string;
            /** @enum {string} */
            kind: "dashboard" | "mobile";
            expires_at: string;
            memberships: {
                org_id: string;
                org_name: string;
                role: string;
            }[];
            /** @description mobile only: the bearer token (kxm_…); shown only here. */
            token?: string;
            /** @description dashboard only: echo in X-CSRF-Token on POST/PUT/PATCH/DELETE (also in the kx_csrf cookie). */
            csrf_token?: string;
        };
        SessionInfo: {
            id: string;
            /** @enum {string} */
            kind: "dashboard" | "mobile" | "agent";
            name: string;
            org_id: string | null;
            client: {
                [key: string]: unknown;
            };
            created_at: string;
            last_used_at: string | null;
            expires_at: string;
            current: boolean;
        };
        DeviceAuthorizationRequest: {
            /** @description Shown to the person who approves. */
            client_name?: string;
        };
        DeviceAuthorization: {
            device_code: string;
            user_code: string;
            verification_uri: string;
            verification_uri_complete: string;
            expires_in: number;
            interval: number;
        };
        DeviceTokenRequest: {
            /** @description urn:ietf:params:oauth:grant-type:device_code */
            grant_type: string;
            device_code: string;
        };
        DeviceToken: {
            /** @description kxa_…; use as Authorization: Bearer with X-Service-Org = org_id. Shown only here. */
            access_token: string;
            /** @enum {string} */
            token_type: "Bearer";
            expires_in: number;
            org_id: string;
            /** @description Revoke with DELETE /api/me/sessions/{id}. */
            session_id: string;
        };
        DeviceGrantDecision: {
            user_code: string;
            approve: boolean;
        };
        DeviceGrantDecided: {
            id: string;
            client_name: string;
            /** @enum {string} */
            status: "approved" | "denied";
            org_id: string;
        };
        TotpSetup: {
            /** @description Base32; shown only here. */
            secret: string;
            otpauth_url: string;
        };
        TotpStatus: {
            totp_enabled: boolean;
            enabled_at?: string;
        };
        TotpDisable: {
            /** @description A current authenticator code or an unused recovery code. */
            code: string;
        };
        RecoveryCodeStatus: {
            remaining: number;
            total: number;
            generated_at: string | null;
        };
        RecoveryCodes: {
            /** @description Shown only here; stored hashed. Each works once. */
            codes: string[];
            remaining: number;
            total: number;
            generated_at: string;
        };
        OidcInfo: {
            /** @description Whether this server offers single sign-on. */
            configured: boolean;
            /** @description The identity provider as the button names it: "Sign in with {name}". */
            name: string | null;
            /** @description Where the button goes (GET; add ?next=/path to land there after sign-in). */
            start_url: string | null;
        };
        OidcStart: {
            /** @description The identity provider's sign-in page for this attempt; the browser that called this must open it (its cookie carries the state). */
            authorization_url: string;
            /** @description Seconds the attempt stays valid. */
            expires_in: number;
        };
        CodeConfirm: {
            /** @description The six-digit code that was sent. */
            code: string;
        };
        Device: {
            id: string;
            user_id: string;
            platform: "ios" | "android" | "web";
            name: string;
            app_version: string;
            /** @description iOS: the person allowed Critical Alerts, so high urgency pages break through Do Not Disturb. */
            critical_alerts_permitted: boolean;
            /** @description The last four characters of the push token. */
            push_token_hint: string;
            /** @description When the push service said this token is gone (uninstalled, expired); the device is not paged until the app registers it again. */
            disabled_at: string | null;
            /** @description Why the device was disabled, as the push service said it. */
            disabled_reason: string | null;
            created_at: string;
            updated_at: string;
        };
        DeviceCreate: {
            platform: "ios" | "android" | "web";
            /** @description APNs device token, FCM registration token or Web Push subscription. A secret: never returned; a hint is shown. */
            push_token: string;
            name?: string;
            app_version?: string;
            /** @description Default false on a new device; unchanged when the token is registered again. */
            critical_alerts_permitted?: boolean;
        };
        DevicePatch: {
            /** @description APNs device token, FCM registration token or Web Push subscription. A secret: never returned; a hint is shown. */
            push_token?: string;
            name?: string;
            app_version?: string;
            critical_alerts_permitted?: boolean;
        };
        WebPushKey: {
            /** @description The VAPID public key (uncompressed P-256, URL-safe base64): the applicationServerKey of PushManager.subscribe(). null when this server has no Web Push configured. */
            public_key: string | null;
        };
        PhoneNumber: {
            id: string;
            user_id: string;
            /** @description E.164, e.g. +14155552671. */
            number: string;
            label: string;
            /** @description Paging uses a number only once verified. */
            verified: boolean;
            verified_at: string | null;
            /** @description A code was sent and can still be confirmed. */
            verification_pending: boolean;
            /** @description Why paging no longer uses this number (the SMS provider refused it for good: opted out, not a mobile number); verifying it again turns it back on. */
            disabled_reason: string | null;
            created_at: string;
            updated_at: string;
        };
        PhoneNumberCreate: {
            /** @description International form (+ and country code), or national form with country. */
            number: string;
            /** @description ISO 3166-1 alpha-2 country whose numbering plan a number without + follows. */
            country?: string;
            label?: string;
        };
        PhoneNumberPatch: {
            /** @description A new number must be verified again. */
            number?: string;
            /** @description ISO 3166-1 alpha-2 country whose numbering plan a number without + follows. */
            country?: string;
            label?: string;
        };
        VerificationSent: {
            /** @enum {boolean} */
            ok: true;
            id: string;
            /** @description The code works until then. */
            expires_at: string;
            /** @description The earliest time another code can be sent to this number. */
            resend_after: string;
        };
        BillingStatus: {
            provider: "none" | "stripe";
            /** @description False when self-hosted without a payment provider (BILLING_PROVIDER=none): no plan limit applies. */
            billing_enabled: boolean;
            /** @description Present when billing is off: says so and why. */
            message?: string;
            plan: "free" | "team" | "business";
            plan_name: string;
            /** @description `active`, or the Stripe subscription status (trialing, past_due, …). */
            status: string;
            price_cents: number;
            currency: string;
            period_start: string;
            period_end: string;
            has_subscription: boolean;
            /** @description The plan's limits; null: no limit (billing is off). */
            limits: {
                seats: number | null;
                sms: number | null;
                voice_minutes: number | null;
            };
            plans: {
                id: "free" | "team" | "business";
                name: string;
                /** @description Per organization per month, in cents. */
                price_cents: number;
                /** @description Members the plan allows. */
                seats: number;
                /** @description SMS messages included per billing period. */
                sms: number;
                /** @description Voice minutes included per billing period. */
                voice_minutes: number;
            }[];
        };
        BillingPlan: {
            plan: "free" | "team" | "business";
        };
        BillingPortal: {
            /** @description Where the portal sends the person back; under KLAXON_PUBLIC_URL. Default: {KLAXON_PUBLIC_URL}/billing. */
            return_url?: string;
        };
        BillingPlanPreview: {
            current_plan: "free" | "team" | "business";
            new_plan: "free" | "team" | "business";
            currency: string;
            period_start: string;
            period_end: string;
            /** @description Seconds left in the period. */
            remaining_seconds: number;
            period_seconds: number;
            /** @description The unused part of the current plan, credited. */
            credit_cents: number;
            /** @description The new plan for the rest of the period. */
            charge_cents: number;
            /** @description charge − credit; negative is a credit. */
            amount_due_cents: number;
        };
        BillingSession: {
            id: string;
            /** @description Send the person here (Stripe-hosted page). */
            url: string;
            plan?: "free" | "team" | "business";
        };
        OrgUsage: {
            plan: "free" | "team" | "business";
            period_start: string;
            period_end: string;
            seats: {
                used: number;
                limit: number | null;
            };
            sms: {
                used: number;
                included: number | null;
            };
            voice_minutes: {
                used: number;
                included: number | null;
            };
            alerts: {
                /** @description Alerts opened this period. */
                count: number;
            };
        };
        StripeWebhookAck: {
            received: boolean;
            applied: boolean;
        };
        /** @description A PagerDuty Events API v2 event (at most 512 KB). Any Authorization header is ignored. */
        EventsV2Event: {
            /** @description The 32-character routing key of an events_v2 source (a secret). */
            routing_key: string;
            event_action: "trigger" | "acknowledge" | "resolve";
            /** @description Case-sensitive and kept as sent. Generated and returned when absent on a trigger; required otherwise. */
            dedup_key?: string;
            /** @description Required for trigger; accepted and ignored on acknowledge and resolve. */
            payload?: {
                /** @description Becomes the alert title; at most 1024 Unicode code points. */
                summary: string;
                source: string;
                /** @description Priority: critical→critical, error→high, warning→medium, info→info. */
                severity: "critical" | "error" | "warning" | "info";
                /** @description ISO 8601; an offset without a colon (+0000) is accepted. */
                timestamp?: string;
                component?: string;
                group?: string;
                class?: string;
                /** @description Free-form; becomes the alert body. */
                custom_details?: unknown;
            } & {
                [key: string]: unknown;
            };
            images?: {
                src: string;
                href?: string;
                alt?: string;
            }[];
            links?: {
                href: string;
                text?: string;
            }[];
            client?: string;
            client_url?: string;
        } & {
            [key: string]: unknown;
        };
        /** @description The standard v2 response; the receipt is in the X-Service-Receipt-Id header. */
        EventsV2Accepted: {
            /** @enum {string} */
            status: "success";
            message: string;
            dedup_key: string;
        };
        /** @description PagerDuty-style error: "invalid event" (400), "Unrecognized object" (400), and the same shape for 413, 429 and 503. */
        EventsV2Error: {
            status: string;
            message: string;
            errors?: string[];
        };
        /** @description A legacy PagerDuty Events API v1 event. */
        EventsV1Event: {
            /** @description The routing key of an events_v2 source. */
            service_key: string;
            event_type: "trigger" | "acknowledge" | "resolve";
            incident_key?: string;
            /** @description Required for trigger; becomes the alert title. */
            description?: string;
            details?: unknown;
            client?: string;
            client_url?: string;
            contexts?: {
                [key: string]: unknown;
            }[];
        } & {
            [key: string]: unknown;
        };
        EventsV1Accepted: {
            /** @enum {string} */
            status: "success";
            message: string;
            incident_key: string;
        };
        /** @description Send user_ids, schedule_id or both. */
        ResponderCreate: {
            /** @description Members to page now. */
            user_ids?: string[];
            /** @description Page whoever is on call at level 1 of this schedule. */
            schedule_id?: string;
            /** @description Shown in the timeline. */
            message?: string;
        };
        RespondersAdded: {
            /** @enum {boolean} */
            ok: true;
            alert_id: string;
            responders: {
                user_id: string;
                name: string;
            }[];
            /** @description Pages queued (steps skipped for low urgency not counted). */
            pages: number;
        };
        RoutingPreviewRequest: {
            priority: "critical" | "high" | "medium" | "low" | "info";
            urgency?: "high" | "low";
            /** @description The instant to preview (ISO 8601 with an offset or Z); default now. */
            at?: string;
        };
        RoutingPreview: {
            at: string;
            priority: string;
            urgency: string;
            schedule_id: string | null;
            repeat: number;
            /** @enum {string} */
            paging: "ok" | "no_schedule" | "nobody_on_call";
            levels: {
                level: number;
                timeout_minutes: number;
                /** @description If nobody acknowledged before. */
                starts_at: string;
                users: {
                    user_id: string;
                    name: string;
                    /** @description Whether at least one of the level's steps reaches a configured, working destination of the person. */
                    reachable?: boolean;
                    /** @description Why each step that cannot reach the person does not ("sms: not configured on this server"). */
                    problems?: string[];
                    /** @description email: no step reaches the person, so the page goes by email at once. */
                    fallback?: "email" | null;
                }[];
                pages: {
                    user_id: string;
                    name: string;
                    channel: string;
                    delay_seconds: number;
                    at: string;
                    skipped?: string;
                    /** @description The email fallback of a person no step reaches. */
                    fallback?: boolean;
                    /** @description Held by the person's quiet hours (low urgency): "held until …: quiet hours". */
                    held?: string;
                }[];
            }[];
            /** @description One line per person paged who no step can reach: the email fallback, or unreachable. */
            warnings: string[];
        };
        TestPageRequest: {
            /** @description The channel to test. */
            channel: "push" | "sms" | "voice" | "email" | "telegram";
            /** @description push: which of your devices (dev_…). */
            device_id?: string;
            /** @description sms and voice: which of your verified numbers (phn_…). */
            phone_number_id?: string;
        };
        TestPageResult: {
            channel: string;
            /** @description What the provider answered now: sent (taken by the provider), delivered, failed (why in detail) or not_configured. */
            status: "sent" | "delivered" | "failed" | "not_configured";
            detail?: string;
            provider_message_id?: string;
        };
        NotificationRule: {
            channel: "push" | "sms" | "voice" | "email" | "telegram";
            /** @description Counted from when you are paged (at your level, or as a responder). */
            delay_seconds: number;
            /** @description One of your devices (dev_…) for push or numbers (phn_…) for sms and voice (absent for email and telegram); absent: every working device, your first verified number (the oldest), your sign-in email. */
            contact_id?: string;
        };
        QuietHours: {
            /** @description IANA time zone the hours are read in (DST-correct). */
            time_zone: string;
            /** @description The days the quiet hours start on. */
            days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
            /** @description HH:MM local. */
            start: string;
            /** @description HH:MM local; at or before start: the next day. */
            end: string;
        };
        NotificationRules: {
            /** @description High urgency; an empty list means the level's steps. */
            high: components["schemas"]["NotificationRule"][];
            /** @description Low urgency (sms and voice are skipped: low urgency never rings a phone); an empty list means the level's steps. */
            low: components["schemas"]["NotificationRule"][];
            /** @description Low-urgency pages inside these hours are held until they end; high urgency ignores them. */
            quiet_hours: components["schemas"]["QuietHours"] | null;
            /** @description That many minutes before each of your on-call shifts starts, one notice (push, else email); null: none. */
            handoff_notice_minutes: number | null;
        };
        /** @description The whole document: quiet_hours and handoff_notice_minutes not sent are null. */
        NotificationRulesWrite: {
            /** @description High urgency; an empty list means the level's steps. */
            high: components["schemas"]["NotificationRule"][];
            /** @description Low urgency (sms and voice are skipped: low urgency never rings a phone); an empty list means the level's steps. */
            low: components["schemas"]["NotificationRule"][];
            /** @description Low-urgency pages inside these hours are held until they end; high urgency ignores them. */
            quiet_hours?: components["schemas"]["QuietHours"] | null;
            /** @description That many minutes before each of your on-call shifts starts, one notice (push, else email); null: none. */
            handoff_notice_minutes?: number | null;
        };
        TelegramLink: {
            /** @description A Telegram bot is configured on this server (TELEGRAM_BOT_TOKEN). */
            configured: boolean;
            /** @description unlinked; pending (a link was made and not opened yet); linked (pages by telegram reach this chat); disabled (Telegram refused a page for good: see disabled_reason; link again to turn it back on). */
            state: "unlinked" | "pending" | "linked" | "disabled";
            username: string | null;
            linked_at: string | null;
            disabled_at: string | null;
            disabled_reason: string | null;
            code_expires_at: string | null;
        };
        TelegramLinkCreated: {
            /** @description A t.me link that opens the bot with a one-time start code; pressing Start binds that chat to you. Shown once. */
            url: string;
            /** Format: date-time */
            expires_at: string;
        };
        TelegramUpdate: {
            /** @description Telegram's id of the update: a redelivered update acts once. */
            update_id: number;
            message?: {
                message_id: number;
                chat: {
                    id: number;
                    type: string;
                } & {
                    [key: string]: unknown;
                };
                from?: {
                    id: number;
                    username?: string;
                    first_name?: string;
                } & {
                    [key: string]: unknown;
                };
                text?: string;
            } & {
                [key: string]: unknown;
            };
            callback_query?: {
                id: string;
                from: {
                    id: number;
                    username?: string;
                    first_name?: string;
                } & {
                    [key: string]: unknown;
                };
                message?: {
                    message_id: number;
                    chat: {
                        id: number;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                } & {
                    [key: string]: unknown;
                };
                data?: string;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        /** @description The whole schedule: POST creates it, PUT replaces it. */
        ScheduleWrite: {
            name: string;
            description?: string;
            /** @description IANA time zone, e.g. "Europe/Berlin" or "UTC". */
            time_zone: string;
            /** @description Times the levels run again from level 1 after the last (default 0). */
            repeat?: number;
            /** @description Escalation levels 1..N, contiguous. */
            levels: {
                level: number;
                /** @description Unacknowledged this long, the alert escalates to the next level. */
                timeout_minutes: number;
                layers: {
                    /** @description A layer of this schedule, sent back to keep its place in the rotation. */
                    id?: string;
                    name: string;
                    /** @description The highest present layer wins at an instant (ties: all of them). */
                    precedence: number;
                    rotation: {
                        /** @description A calendar unit: a day is a local day (23 or 25 hours across DST), a month a calendar month. */
                        unit: "hour" | "day" | "week" | "month";
                        /** @description Units per shift. */
                        length: number;
                        /** @description A handoff, "YYYY-MM-DDTHH:MM" in the schedule's zone; the others follow at local wall-clock time (a time the clock skips: at the end of the gap; a repeated one: its first occurrence). */
                        handoff_local: string;
                        /** @description Members in turn order; one may be listed more than once. */
                        participants: string[];
                    };
                    /** @description Local windows in which the layer counts; absent or empty: always. */
                    restrictions?: {
                        /** @description Days a window starts on. */
                        days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                        /** @description Local time "HH:MM". */
                        start: string;
                        /** @description Local time "HH:MM"; at or before start, the window ends the next day (equal: a whole day). */
                        end: string;
                    }[];
                    effective_from?: string | null;
                    effective_until?: string | null;
                    /** @description With an id: restart the rotation at handoff_local with the first participant instead of keeping who is on call now. */
                    reset_rotation?: boolean;
                }[];
            }[];
        };
        Schedule: {
            id: string;
            org_id: string;
            name: string;
            description: string;
            time_zone: string;
            repeat: number;
            levels: {
                level: number;
                timeout_minutes: number;
                layers: {
                    id: string;
                    name: string;
                    precedence: number;
                    rotation: {
                        /** @description A calendar unit: a day is a local day (23 or 25 hours across DST), a month a calendar month. */
                        unit: "hour" | "day" | "week" | "month";
                        /** @description Units per shift. */
                        length: number;
                        /** @description A handoff, "YYYY-MM-DDTHH:MM" in the schedule's zone; the others follow at local wall-clock time (a time the clock skips: at the end of the gap; a repeated one: its first occurrence). */
                        handoff_local: string;
                        /** @description Members in turn order; one may be listed more than once. */
                        participants: string[];
                    };
                    restrictions: {
                        /** @description Days a window starts on. */
                        days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                        /** @description Local time "HH:MM". */
                        start: string;
                        /** @description Local time "HH:MM"; at or before start, the window ends the next day (equal: a whole day). */
                        end: string;
                    }[];
                    effective_from: string | null;
                    effective_until: string | null;
                }[];
            }[];
            created_at: string;
            updated_at: string;
        };
        ScheduleClone: {
            name: string;
            /** @description IANA time zone, e.g. "Europe/Berlin" or "UTC". */
            time_zone?: string;
            /** @description Copy the overrides that have not ended (default false). */
            include_overrides?: boolean;
            /** @description Copy the level channels (default true). */
            include_level_channels?: boolean;
        };
        ScheduleOverrideCreate: {
            level: number;
            /** @description Scope to one layer of the level; absent or null: the whole level. */
            layer_id?: string | null;
            /** @description replace applies only while remove_user_id would be on call. */
            kind: "add" | "remove" | "replace";
            add_user_id?: string | null;
            remove_user_id?: string | null;
            /** @description ISO 8601 with an offset or Z, e.g. 2026-03-08T09:00:00-05:00. */
            start: string;
            /** @description ISO 8601 with an offset or Z, e.g. 2026-03-08T09:00:00-05:00. */
            end: string;
            note?: string;
        };
        ScheduleOverride: {
            id: string;
            schedule_id: string;
            level: number;
            layer_id: string | null;
            kind: string;
            add_user_id: string | null;
            remove_user_id: string | null;
            start: string;
            end: string;
            note: string;
            created_by: string | null;
            created_at: string;
        };
        OnCall: {
            at: string;
            time_zone: string;
            levels: {
                level: number;
                users: {
                    user_id: string;
                    name: string;
                    source: "rotation" | "override";
                    layer_id: string | null;
                    shift_start: string;
                    /** @description null: beyond the next 120 days. */
                    shift_end: string | null;
                }[];
                /** @description When who is on call at this level next changes; null: not within 120 days. */
                next_handoff: string | null;
            }[];
        };
        Shift: {
            level: number;
            user_id: string;
            layer_id: string | null;
            source: "rotation" | "override";
            start: string;
            end: string;
        };
        ShiftReach: {
            level: number;
            user_id: string;
            name: string;
            start: string;
            end: string;
            /** @description Whether the person's steps for high urgency reach at least one configured, working destination. */
            reachable: boolean;
            /** @description Why a step does not reach them ("sms: no verified phone number"). */
            problems: string[];
        };
        /** @description Replaces every entry; pairs not sent go back to the defaults. */
        LevelChannels: {
            entries: {
                level: number;
                priority: "critical" | "high" | "medium" | "low" | "info";
                steps: {
                    channel: "push" | "sms" | "voice" | "email" | "chat" | "telegram";
                    /** @description From the start of the level; shorter than the level's timeout. */
                    delay_seconds: number;
                    /** @description A chat step's webhook destination (whk_…); only chat steps name one. */
                    destination_id?: string;
                }[];
            }[];
        };
        LevelChannelEntry: {
            level: number;
            priority: string;
            steps: {
                channel: string;
                delay_seconds: number;
                destination_id?: string;
            }[];
            /** @description True when the pair is not set and the defaults apply (critical and high: push at 0 s, sms at 60 s, voice at 120 s; medium and low: push and email at 0 s; info: email at 0 s); steps are those that apply at this level. */
            default: boolean;
            /** @description Default steps left out because their delay is not shorter than the level's timeout; absent when none are. */
            left_out?: {
                channel: string;
                delay_seconds: number;
            }[];
        };
        ServiceRoutingWrite: {
            /** @description In order; the first that matches picks the schedule, else the service's schedule_id. */
            rules: {
                name: string;
                priorities?: ("critical" | "high" | "medium" | "low" | "info")[] | null;
                urgencies?: ("high" | "low")[] | null;
                time_window?: {
                    /** @description IANA time zone, e.g. "Europe/Berlin" or "UTC". */
                    time_zone: string;
                    days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                    /** @description Local time "HH:MM". */
                    start: string;
                    /** @description Local time "HH:MM". */
                    end: string;
                } | null;
                schedule_id: string;
            }[];
        };
        ServiceRouting: {
            service_id: string;
            rules: {
                name: string;
                priorities: string[] | null;
                urgencies: string[] | null;
                time_window: {
                    time_zone: string;
                    days: string[];
                    start: string;
                    end: string;
                } | null;
                schedule_id: string;
            }[];
            updated_at: string;
        };
        CalendarFeedCreate: {
            /** @description A label for the feed, e.g. the calendar app using it. */
            name?: string;
        };
        CalendarFeed: {
            id: string;
            name: string;
            created_at: string;
            last_used_at: string | null;
        };
        CalendarFeedCreated: {
            id: string;
            name: string;
            created_at: string;
            last_used_at: string | null;
            /** @description A secret: whoever holds it can read your shifts. Shown only here; delete the feed to revoke it. */
            url: string;
        };
        Heartbeat: {
            id: string;
            service_id: string;
            name: string;
            interval_seconds: number;
            grace_seconds: number;
            priority: "critical" | "high" | "medium" | "low" | "info";
            enabled: boolean;
            /** @description new: never pinged; up: pinged within the interval; late: past the interval, within the grace period; down: its alert is open; paused: not enabled. */
            status: "new" | "up" | "late" | "down" | "paused";
            last_ping_at: string | null;
            created_at: string;
            updated_at: string;
        };
        HeartbeatWithUrl: {
            id: string;
            service_id: string;
            name: string;
            interval_seconds: number;
            grace_seconds: number;
            priority: "critical" | "high" | "medium" | "low" | "info";
            enabled: boolean;
            /** @description new: never pinged; up: pinged within the interval; late: past the interval, within the grace period; down: its alert is open; paused: not enabled. */
            status: "new" | "up" | "late" | "down" | "paused";
            last_ping_at: string | null;
            created_at: string;
            updated_at: string;
            /** @description A secret, shown once: GET or POST it to ping; add /fail to report a failure. Rotate to replace it. */
            ping_url: string;
        };
        HeartbeatCreate: {
            name: string;
            /** @description How often the sender pings, in seconds (60 to 604800). */
            interval_seconds: number;
            /** @description How long past the interval a ping may be late before the alert opens (0 to 86400, default 60). */
            grace_seconds?: number;
            priority?: "critical" | "high" | "medium" | "low" | "info";
            /** @description false pauses the heartbeat: it never opens an alert while paused. */
            enabled?: boolean;
        };
        HeartbeatPatch: {
            name?: string;
            /** @description How often the sender pings, in seconds (60 to 604800). */
            interval_seconds?: number;
            /** @description How long past the interval a ping may be late before the alert opens (0 to 86400, default 60). */
            grace_seconds?: number;
            priority?: "critical" | "high" | "medium" | "low" | "info";
            /** @description false pauses the heartbeat: it never opens an alert while paused. */
            enabled?: boolean;
        };
        MaintenanceWindow: {
            id: string;
            name: string;
            service_ids: string[];
            start: string | null;
            end: string | null;
            recurrence: {
                /** @description IANA time zone, e.g. Europe/Berlin: the start is local wall-clock time in every season. */
                time_zone: string;
                days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                /** @description Local start time "HH:MM". */
                start: string;
                duration_minutes: number;
            } | null;
            page_when_over: boolean;
            /** @description Whether the window holds paging now. */
            active: boolean;
            active_until: string | null;
            next_start: string | null;
            ended_at: string | null;
            created_at: string;
            updated_at: string;
        };
        /** @description {name, service_ids, start, end} for one window, or {name, service_ids, recurrence} for a weekly one. */
        MaintenanceWindowCreate: {
            name: string;
            service_ids: string[];
            /** @description A one-off window: its start (ISO 8601 with an offset or Z). */
            start?: string;
            /** @description A one-off window: its end. */
            end?: string;
            recurrence?: {
                /** @description IANA time zone, e.g. Europe/Berlin: the start is local wall-clock time in every season. */
                time_zone: string;
                days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                /** @description Local start time "HH:MM". */
                start: string;
                duration_minutes: number;
            };
            /** @description When the window ends, alerts still open start paging at level 1 (default true); false: they page nobody. */
            page_when_over?: boolean;
        };
        MaintenanceWindowPatch: {
            name?: string;
            service_ids?: string[];
            /** @description A one-off window: its start (ISO 8601 with an offset or Z). */
            start?: string;
            /** @description A one-off window: its end. */
            end?: string;
            recurrence?: {
                /** @description IANA time zone, e.g. Europe/Berlin: the start is local wall-clock time in every season. */
                time_zone: string;
                days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                /** @description Local start time "HH:MM". */
                start: string;
                duration_minutes: number;
            };
            /** @description When the window ends, alerts still open start paging at level 1 (default true); false: they page nobody. */
            page_when_over?: boolean;
        };
        WebhookCreate: {
            name: string;
            /** @description slack, teams (Workflows), discord: provider-ready default templates; custom: your template, signed; native: fixed Klaxon JSON, signed; slack_app: a channel of the organization's connected Slack app (one message per alert with Acknowledge, Resolve, Escalate and Open buttons, edited on every change). */
            kind: "slack" | "teams" | "discord" | "custom" | "native" | "slack_app";
            /** @description http(s) URL (every kind but slack_app). A secret: stored sealed, shown masked. Private, loopback and link-local addresses are refused. */
            url?: string;
            /** @description slack_app only: the Slack channel id (C0123ABCD); invite the app to the channel. */
            channel_id?: string;
            /** @description Event kinds to send: alert.triggered, alert.repeated, alert.priority_raised, alert.acknowledged, alert.escalated, alert.snoozed, alert.woken, alert.resolved. */
            events: ("alert.triggered" | "alert.repeated" | "alert.priority_raised" | "alert.acknowledged" | "alert.escalated" | "alert.snoozed" | "alert.woken" | "alert.resolved")[];
            /** @description Only alerts of these services of this organization (absent: every service). */
            service_ids?: string[];
            /** @description A template {"version": 1, "body": <JSON>}: expressions {{ variable | filter(arg) }} inside JSON string values. Variables: event, ts, alert_id, alert_url, title, body, priority, urgency, status, service_name, acked_by_email, resolved_by_email, acked_by_name, resolved_by_name (the name the person set, else their email), ts_unix (ts in whole seconds, for Slack date formatting). Filters: default(x), lower, upper, truncate(n), join(sep), map({...}), to_string, json, escape_mrkdwn, escape_html. A string that is exactly one expression keeps its JSON type. Required for custom, refused for native, optional for chat kinds (their default otherwise). */
            template?: unknown;
            /** @description Custom request headers (e.g. an Authorization for your receiver). Secrets: stored sealed, never shown. */
            headers?: {
                [key: string]: string;
            };
            enabled?: boolean;
        };
        WebhookPatch: {
            name?: string;
            /** @description http(s) URL (every kind but slack_app). A secret: stored sealed, shown masked. Private, loopback and link-local addresses are refused. */
            url?: string;
            /** @description slack_app only: the Slack channel id (C0123ABCD); invite the app to the channel. */
            channel_id?: string;
            /** @description Event kinds to send: alert.triggered, alert.repeated, alert.priority_raised, alert.acknowledged, alert.escalated, alert.snoozed, alert.woken, alert.resolved. */
            events?: ("alert.triggered" | "alert.repeated" | "alert.priority_raised" | "alert.acknowledged" | "alert.escalated" | "alert.snoozed" | "alert.woken" | "alert.resolved")[];
            /** @description null: every service. */
            service_ids?: string[] | null;
            /** @description A template, or null to return a chat destination to its default. */
            template?: unknown;
            /** @description Replaces every custom header; null removes them. */
            headers?: {
                [key: string]: string;
            } | null;
            /** @description true enables a destination again (after a 410, say) and closes its circuit; false stops its deliveries. */
            enabled?: boolean;
        };
        Webhook: {
            id: string;
            org_id: string;
            name: string;
            /** @description slack, teams (Workflows), discord: provider-ready default templates; custom: your template, signed; native: fixed Klaxon JSON, signed; slack_app: a channel of the organization's connected Slack app (one message per alert with Acknowledge, Resolve, Escalate and Open buttons, edited on every change). */
            kind: "slack" | "teams" | "discord" | "custom" | "native" | "slack_app";
            /** @description Masked: scheme, host and the last characters (slack_app: the channel). */
            url: string;
            channel_id: string | null;
            events: string[];
            service_ids: string[] | null;
            template: {
                version: number;
                body: unknown;
            } | null;
            /** @description Custom header names; the values are never shown. */
            headers: {
                [key: string]: string;
            };
            enabled: boolean;
            disabled_reason: string | null;
            health: {
                last_success_at: string | null;
                last_failure_at: string | null;
                consecutive_failures: number;
                /** @description open: deliveries wait until circuit_open_until (after 5 failures in a row). */
                circuit: "closed" | "open";
                circuit_open_until: string | null;
            };
            previous_secret_expires_at: string | null;
            created_at: string;
            updated_at: string;
        };
        WebhookCreated: {
            id: string;
            org_id: string;
            name: string;
            /** @description slack, teams (Workflows), discord: provider-ready default templates; custom: your template, signed; native: fixed Klaxon JSON, signed; slack_app: a channel of the organization's connected Slack app (one message per alert with Acknowledge, Resolve, Escalate and Open buttons, edited on every change). */
            kind: "slack" | "teams" | "discord" | "custom" | "native" | "slack_app";
            /** @description Masked: scheme, host and the last characters (slack_app: the channel). */
            url: string;
            channel_id: string | null;
            events: string[];
            service_ids: string[] | null;
            template: {
                version: number;
                body: unknown;
            } | null;
            /** @description Custom header names; the values are never shown. */
            headers: {
                [key: string]: string;
            };
            enabled: boolean;
            disabled_reason: string | null;
            health: {
                last_success_at: string | null;
                last_failure_at: string | null;
                consecutive_failures: number;
                /** @description open: deliveries wait until circuit_open_until (after 5 failures in a row). */
                circuit: "closed" | "open";
                circuit_open_until: string | null;
            };
            previous_secret_expires_at: string | null;
            created_at: string;
            updated_at: string;
            /** @description The signing secret (whsec_…), shown only here and by rotate-secret. */
            secret: string;
        };
        WebhookSecret: {
            id: string;
            /** @description The new signing secret (whsec_…). */
            secret: string;
            previous_secret_expires_at: string;
        };
        WebhookDelivery: {
            /** @description msg_…: the webhook-id header, the same on every attempt. */
            id: string;
            webhook_id: string;
            event: string;
            alert_id: string | null;
            test: boolean;
            state: "pending" | "delivered" | "failed";
            attempts: number;
            next_attempt_at: string | null;
            last_status: number | null;
            last_error: string | null;
            created_at: string;
            updated_at: string;
            finished_at: string | null;
            attempt_log: {
                at: string;
                duration_ms: number;
                /** @description delivered, retry, gone, timeout, connect, dns, blocked, tls, template, disabled… */
                outcome: string;
                /** @description As sent, custom header values hidden. */
                request_headers: {
                    [key: string]: string;
                };
                response_status: number | null;
                /** @description The first 4 KB of the response. */
                response_head: string;
                error: string | null;
            }[];
        };
        /** @description Renders a template (or a kind's default) as a delivery would; nothing is stored or sent. */
        WebhookPreview: {
            /** @description slack, teams (Workflows), discord: provider-ready default templates; custom: your template, signed; native: fixed Klaxon JSON, signed; slack_app: a channel of the organization's connected Slack app (one message per alert with Acknowledge, Resolve, Escalate and Open buttons, edited on every change). */
            kind: "slack" | "teams" | "discord" | "custom" | "native" | "slack_app";
            /** @description A template {"version": 1, "body": <JSON>}: expressions {{ variable | filter(arg) }} inside JSON string values. Variables: event, ts, alert_id, alert_url, title, body, priority, urgency, status, service_name, acked_by_email, resolved_by_email, acked_by_name, resolved_by_name (the name the person set, else their email), ts_unix (ts in whole seconds, for Slack date formatting). Filters: default(x), lower, upper, truncate(n), join(sep), map({...}), to_string, json, escape_mrkdwn, escape_html. A string that is exactly one expression keeps its JSON type. Required for custom, refused for native, optional for chat kinds (their default otherwise). */
            template?: unknown;
            /**
             * @description An event kind.
             * @enum {string}
             */
            event?: "alert.triggered" | "alert.repeated" | "alert.priority_raised" | "alert.acknowledged" | "alert.escalated" | "alert.snoozed" | "alert.woken" | "alert.resolved";
            /** @description Render against this alert of the organization; absent: a sample alert. */
            alert_id?: string;
        };
        WebhookPreviewResult: {
            /** @description The JSON body a delivery would send. */
            body: unknown;
            /** @description Where the rendered body breaks the provider's documented limits (Slack Block Kit, Teams Adaptive Card and size, Discord embeds); empty when none. The template is still valid. */
            warnings: {
                /** @description JSON pointer (RFC 6901) into the rendered body; "" is the whole body. */
                pointer: string;
                /** @description What the provider would refuse or cut, and what to change. */
                message: string;
            }[];
        };
        SlackConnectionPut: {
            /** @description The app's Bot User OAuth Token (xoxb-…), checked with Slack's auth.test. Stored sealed, shown masked. */
            bot_token: string;
            /** @description The app's Signing Secret, which checks every button press and slash command. Stored sealed, never shown. */
            signing_secret: string;
        };
        SlackConnection: {
            /** @description Whether this organization has a Slack app connected. */
            connected: boolean;
            team_id: string | null;
            team_name: string | null;
            bot_user_id: string | null;
            bot_token: string | null;
            signing_secret: string | null;
            updated_at: string | null;
        };
        /** @description A Slack app manifest (JSON) naming this instance's interactivity and slash command URLs. */
        SlackManifest: {
            display_information: unknown;
            features: unknown;
            oauth_config: unknown;
            settings: unknown;
        };
        SlackCommandAnswer: {
            /** @enum {string} */
            response_type: "ephemeral";
            text: string;
        };
        PageActionResult: {
            /** @enum {boolean} */
            ok: true;
            alert_id: string;
            /** @description The alert status after the action: acknowledged, or what it already was (resolved…). */
            status: string;
            /** @description False: the alert was already acknowledged or resolved; the token is used all the same. */
            changed: boolean;
            /** @description The channel whose page carried the token. */
            via: "push" | "email";
        };
        /** @description An alert of the organization changed: fetch it again. No alert data rides along. */
        LiveEvent: {
            /** @description Increasing; send the last one seen as Last-Event-ID (stream) or cursor (JSON) to resume. */
            id: number;
            /** @description alert.triggered, alert.acknowledged, alert.resolved, … */
            type: string;
            alert_id: string | null;
            created_at: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
