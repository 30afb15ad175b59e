// The empty state of the terms page: a blank document. Decorative: the text beside it says that no
// terms exist, so screen readers skip it (aria-hidden); the test id lets tests find it.
export function EmptyTermsIllustration({ size = 140 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 140 140"
      fill="none"
      aria-hidden="true"
      focusable="false"
      data-testid="empty-terms-illustration"
    >
      <circle cx="70" cy="70" r="66" fill="var(--mantine-color-blue-0)" />
      <path
        d="M44 28h38l18 18v66a4 4 0 0 1-4 4H44a4 4 0 0 1-4-4V32a4 4 0 0 1 4-4z"
        fill="#fff"
        stroke="var(--mantine-color-blue-4)"
        strokeWidth="3"
      />
      <path d="M82 28v14a4 4 0 0 0 4 4h14" stroke="var(--mantine-color-blue-4)" strokeWidth="3" />
      <path
        d="M52 62h36M52 74h36M52 86h24"
        stroke="var(--mantine-color-gray-3)"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <circle cx="98" cy="100" r="14" fill="var(--mantine-color-blue-6)" />
      <path d="M98 93v14M91 100h14" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
