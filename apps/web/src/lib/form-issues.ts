/**
 * zod issues of a contract schema → `{ "field.path": first message }`, the shape of the API's
 * `details`, so a form shows the same field-level messages before sending as the server would.
 */
export function issuesOf(
  issues: readonly { path: PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return out;
}
