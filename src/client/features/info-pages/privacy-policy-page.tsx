/** The public privacy policy page. */
export function PrivacyPolicyPage() {
  return (
    <main className="standalone-page" id="main">
      <h1>Privacy Policy</h1>
      <p>
        We collect the account details you log in with and a record of your activity in the product to provide the
        service, keep it secure and support you. We do not sell personal information.
      </p>
      <p>For questions about your data, contact Product Support.</p>
    </main>
  );
}
