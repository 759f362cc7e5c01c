import { raw } from 'hono/html';
import type { Child } from 'hono/jsx';

/** The frame of the pages outside the dashboard (sign-in, errors): no navigation, no script. */
export function PlainPage(props: { title: string; children?: Child }) {
  return (
    <>
      {raw('<!doctype html>')}
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width,initial-scale=1" />
          <link rel="icon" href="data:," />
          <title>{props.title}</title>
          <link rel="stylesheet" href="/admin/assets/app.css" />
        </head>
        <body class="plain">{props.children}</body>
      </html>
    </>
  );
}

export function ErrorPage(props: { title: string; message: string }) {
  return (
    <PlainPage title={props.title}>
      <h1>{props.title}</h1>
      <p>{props.message}</p>
    </PlainPage>
  );
}
