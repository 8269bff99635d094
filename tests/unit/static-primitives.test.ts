import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { createRemixStub } from "@remix-run/testing";
import { describe, expect, it } from "vitest";
import { Alert, Button, ButtonLink, Card, CardContent, Chip, LinearProgress, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "~/platform/ui/static";

/** Issue 27 (ADR 0062): the static primitives render plain elements with MUI's semantics and no style work. */
function render(node: React.ReactElement): string {
  const Stub = createRemixStub([{ path: "/", Component: () => node }]);
  return renderToString(h(Stub, { initialEntries: ["/"] }));
}

describe("static primitives", () => {
  it("draw the elements and roles MUI's did, with no emotion styles", () => {
    const html = render(
      h(Card, { variant: "outlined", "data-testid": "c" }, [
        h(CardContent, { key: 1 }, [
          h(Typography, { key: "a", variant: "h6", component: "h2" }, "Title"),
          h(Typography, { key: "b", color: "text.secondary" }, "Body"),
          h(Chip, { key: "c", label: "In progress", color: "primary", size: "small" }),
          h(Alert, { key: "d", severity: "warning" }, "Careful"),
          h(Button, { key: "e", type: "submit", variant: "contained" }, "Save"),
          h(ButtonLink, { key: "f", to: "/app/home" }, "Home"),
          h(Link, { key: "g", href: "https://example.com" }, "Out"),
          h(LinearProgress, { key: "h", value: 40 }),
          h(Stack, { key: "i", direction: "row", spacing: 1 }, "x"),
        ]),
      ]),
    );
    expect(html).not.toMatch(/data-emotion|css-[a-z0-9]+|Mui/);
    expect(html).toMatch(/<section|<div[^>]*data-testid="c"/);
    expect(html).toContain("<h2");
    expect(html).toMatch(/<p[^>]*>Body<\/p>/);
    expect(html).toMatch(/role="alert"/);
    expect(html).toMatch(/<button type="submit"[^>]*>Save<\/button>/);
    expect(html).toMatch(/<a[^>]*href="\/app\/home"[^>]*>Home<\/a>/);
    expect(html).toMatch(/role="progressbar" aria-valuenow="40"/);
  });

  it("makes cells in the head header cells and the rest data cells", () => {
    const html = render(
      h(Table, { size: "small" }, [
        h(TableHead, { key: 1 }, h(TableRow, null, h(TableCell, null, "Name"))),
        h(TableBody, { key: 2 }, h(TableRow, null, h(TableCell, { align: "right" }, "3"))),
      ]),
    );
    expect(html).toMatch(/<thead><tr[^>]*><th[^>]*>Name<\/th>/);
    expect(html).toMatch(/<tbody><tr[^>]*><td[^>]*style="text-align:right"[^>]*>3<\/td>/);
  });
});
