/** The error body every `/api` failure answers with. */
export type ApiErrorBody = {
  message: string;
  errors?: Record<string, string>;
};
