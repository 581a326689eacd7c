import Foundation
import Testing
@testable import ArticlesPlugin

/// A feed's HTML as terminal text: entities decoded, blocks as paragraphs, lists marked, links
/// numbered under the text and made absolute, nothing a browser would not show.
@Suite struct HTMLTextTests {
    private let base = URL(string: "https://blog.example/posts/one.html")

    private func text(_ html: String) -> String {
        HTMLText.render(html, base: base).text
    }

    @Test func inlineMarkupAddsNoSpaces() {
        #expect(text("We shipped <b>1.0</b>! See the <em>changes</em>.") == "We shipped 1.0! See the changes.")
    }

    @Test func namedNumericAndHexEntitiesAreDecodedAndUnknownOnesKept() {
        #expect(text("&copy; 2026 &mdash; A&#8217;s &#x2019;team&#x2019; &hellip; caf&eacute; &amp;copy; &bogus; AT&T") ==
                "© 2026 — A’s ’team’ … café &copy; &bogus; AT&T")
    }

    @Test func windowsCodesUnderTheC1RangeReadAsBrowsersReadThem() {
        #expect(text("&#147;quoted&#148; &#151; dash") == "“quoted” — dash")
    }

    @Test func controlCharactersWrittenAsEntitiesAreDropped() {
        #expect(text("Red &#27;[31mALERT&#7; &#x9b;2J &#0;end") == "Red [31mALERT 2J end")
    }

    @Test func blockElementsBecomeParagraphsAndBrALineEnd() {
        #expect(text("<p>One</p><p>Two<br>still two</p><div>Three</div><h2>Four</h2>") == "One\n\nTwo\nstill two\n\nThree\n\nFour")
    }

    @Test func listsAreMarkedNumberedAndNested() {
        #expect(text("<ul><li>one</li><li>two<ul><li>nested</li></ul></li></ul><ol start=\"3\"><li>third</li><li>fourth</li></ol>") ==
                "• one\n• two\n  • nested\n\n3. third\n4. fourth")
    }

    @Test func linksAreNumberedInPlaceAndListedAbsoluteOnceEach() {
        let html = ##"See <a href="../about">about</a>, <a href="https://x.example/">x</a> and <a href='../about'>again</a>; <a href="#top">top</a>."##
        let rendered = HTMLText.render(html, base: base)
        #expect(rendered.text == "See about [1], x [2] and again [1]; top.")
        #expect(rendered.links == ["https://blog.example/about", "https://x.example/"])
    }

    @Test func imagesShowTheirAltTextAndTheirAddressAsALink() {
        let rendered = HTMLText.render(#"A <img src="/img/c.png" alt="a chart"> here"#, base: base)
        #expect(rendered.text == "A [image: a chart] [1] here")
        #expect(rendered.links == ["https://blog.example/img/c.png"])
    }

    @Test func scriptsStylesAndCommentsAreDropped() {
        #expect(text("<style>p{}</style>Shown<!-- hidden <p>x</p> --><script>alert('<p>')</script> too") == "Shown too")
    }

    @Test func preformattedTextKeepsItsSpacingAndQuotesAreMarked() {
        #expect(text("<pre>  a   b\n  c</pre><blockquote><p>Quoted</p></blockquote>") == "  a   b\n  c\n\n> Quoted")
    }

    @Test func aLoneLessThanIsText() {
        #expect(text("1 < 2 and 3 > 2") == "1 < 2 and 3 > 2")
    }

    @Test func deeplyNestedOrUnclosedMarkupStillGivesItsText() {
        let nested = String(repeating: "<div><span>", count: 500) + "deep" + String(repeating: "</span></div>", count: 500)
        #expect(text(nested) == "deep")
        #expect(text("<p>unclosed <b>bold <i>and more") == "unclosed bold and more")
        #expect(text("<a href=\"x\">never closed") == "never closed")
    }

    @Test func aTitleIsOneLine() {
        #expect(HTMLText.line("  An <em>xhtml</em>\n title &amp; more ") == "An xhtml title & more")
    }
}
