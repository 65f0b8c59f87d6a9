/** The part of swagger-ui-dist's bundle the documentation page uses (the package has no types). */
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  export type SwaggerRequest = { url: string; headers: Record<string, string> };
  /** The React bundled with Swagger UI: its components' elements are made with it. */
  export type SwaggerReact = {
    createElement: (
      type: unknown,
      props: Record<string, unknown> | null,
      ...children: unknown[]
    ) => unknown;
    isValidElement: (value: unknown) => boolean;
  };
  /** A component of Swagger UI's; a plugin's wrapper hands it its props. */
  export type SwaggerComponent = unknown;
  export type SwaggerComponentWrapper = (
    Original: SwaggerComponent,
    system: { React: SwaggerReact },
  ) => (props: Record<string, unknown>) => unknown;
  export type SwaggerPlugin = () => { wrapComponents?: Record<string, SwaggerComponentWrapper> };
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
    plugins?: SwaggerPlugin[];
  };
  export type SwaggerUiInstance = { preauthorizeApiKey: (scheme: string, key: string) => void };
  const SwaggerUI: (options: SwaggerUiOptions) => SwaggerUiInstance;
  export default SwaggerUI;
}
declare module 'swagger-ui-dist/swagger-ui.css';
