/** The part of swagger-ui-dist's bundle the documentation page uses (the package has no types). */
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  export type SwaggerRequest = { url: string; headers: Record<string, string> };
  export type SwaggerUiOptions = {
    domNode: HTMLElement;
    spec: object;
    deepLinking?: boolean;
    tryItOutEnabled?: boolean;
    persistAuthorization?: boolean;
    displayOperationId?: boolean;
    syntaxHighlight?: false | { activated?: boolean; theme?: string };
    requestInterceptor?: (request: SwaggerRequest) => SwaggerRequest;
    onComplete?: () => void;
  };
  export type SwaggerUiInstance = { preauthorizeApiKey: (scheme: string, key: string) => void };
  const SwaggerUI: (options: SwaggerUiOptions) => SwaggerUiInstance;
  export default SwaggerUI;
}
declare module 'swagger-ui-dist/swagger-ui.css';
