// Page object for the console's "About this console" screen (#about); selectors are data-testid only.
export class AboutPage {
  constructor(page, baseUrl) {
    this.page = page;
    this.baseUrl = baseUrl;
  }
  /** Opens the console on its first screen and reaches About from the header by keyboard. */
  async openByKeyboard() {
    await this.page.goto(this.baseUrl + "/");
    await this.page.getByTestId("chrome").waitFor();
    const link = this.page.getByTestId("nav-about");
    await link.waitFor();
    // Tab from the top of the page until the link has focus: it is in the tab order.
    await this.page.evaluate(() => document.activeElement?.blur());
    for (let i = 0; i < 10; i++) {
      await this.page.keyboard.press("Tab");
      if (await link.evaluate((a) => a === document.activeElement)) break;
    }
    if (!(await link.evaluate((a) => a === document.activeElement))) throw new Error("nav-about never took focus");
    await this.page.keyboard.press("Enter");
    await this.panel().waitFor();
  }
  async open() {
    await this.page.goto(this.baseUrl + "/#about");
    await this.panel().waitFor();
  }
  panel() {
    return this.page.getByTestId("about");
  }
  async current() {
    return this.page.getByTestId("nav-about").getAttribute("aria-current");
  }
  /** The whole record, parsed from the text of its <pre>. */
  async recordJson() {
    return JSON.parse(await this.page.getByTestId("about-json").textContent());
  }
  async accepted() {
    return this.page.locator("[data-testid=about-accepted] li").allTextContents();
  }
  async refused() {
    return this.page.locator("[data-testid=about-refused] li").allTextContents();
  }
  async status() {
    return this.page.getByTestId("about-status").textContent();
  }
  /** The full sha256 of each schema-bundle file, as the table's cells carry it. */
  async sha256Titles() {
    return this.page.getByTestId("about-sha256").evaluateAll((cs) => cs.map((c) => c.getAttribute("title")));
  }
  async bundlePaths() {
    return this.page.locator("[data-testid=about-bundle-file] td:first-child").allTextContents();
  }
}
