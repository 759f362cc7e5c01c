/** Sends write(1), write(2), … (at most `most`) until one is not answered 201; returns that answer and every status seen. */
export async function writeUntilRefused(write: (n: number) => Promise<Response>, most = 400): Promise<{ refused: Response | null; answers: number[] }> {
  let refused: Response | null = null;
  const answers: number[] = [];
  for (let n = 1; n <= most && !refused; n++) {
    const res = await write(n);
    answers.push(res.status);
    if (res.status !== 201) refused = res;
    else await res.body?.cancel();
  }
  return { refused, answers };
}
