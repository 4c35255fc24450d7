/** The error body every `/api` failure answers with (DESIGN.md §5). */
export type ApiErrorBody = {
  message: string;
  errors?: Record<string, string>;
};
