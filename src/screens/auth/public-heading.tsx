/** The title and one-line subtitle a public page's card opens with (sign in, sign up, recovery). */
export function PublicHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div>
      <h1 className="plain-heading">{title}</h1>
      <p className="plain-small">{subtitle}</p>
    </div>
  );
}
