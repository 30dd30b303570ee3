// Page object for the console's "A2UI" screen; selectors are data-testid only.
export class A2uiPage {
  constructor(page, baseUrl) {
    this.page = page;
    this.baseUrl = baseUrl;
  }
  async open() {
    await this.page.goto(this.baseUrl + "/#a2ui");
    await this.page.getByTestId("stream-select").waitFor();
  }
  async choose(id) {
    await this.page.getByTestId("stream-select").selectOption(id);
  }
  async streamIds() {
    return this.page.locator("[data-testid=stream-select] option").evaluateAll((os) => os.map((o) => o.value));
  }
  surface() {
    return this.page.getByTestId("a2ui-surface");
  }
  async placeholders() {
    return this.page.getByTestId("a2ui-placeholder").count();
  }
  async ignoredText() {
    const n = await this.page.getByTestId("a2ui-ignored").count();
    return n ? this.page.getByTestId("a2ui-ignored").textContent() : null;
  }
  async actionText() {
    return this.page.getByTestId("a2ui-action").textContent();
  }
}
