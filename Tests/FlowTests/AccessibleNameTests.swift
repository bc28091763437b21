import Testing

@testable import Flow

/// The one naming rule for what is drawn and spoken: label, else title or text, else the
/// image's description, else its name, with Xcode's placeholder titles below an image or a
/// label.
@Suite struct AccessibleNameTests {
    @Test func aLabelIsSpokenAndATitleIsShown() {
        let name = AccessibleName(label: "Save the document", title: "Save", image: nil)
        #expect(name.shown == "Save")
        #expect(name.spoken == "Save the document")
        #expect(name.displayName == "Save")
    }

    @Test func aTitleAloneIsShownAndSpoken() {
        let name = AccessibleName(label: nil, title: "Continue", image: Image(systemName: "arrow.right"))
        #expect(name.shown == "Continue")
        #expect(name.spoken == "Continue")
    }

    @Test func anImageButtonWithALabelAndXcodesTitleIsNamedByItsLabel() {
        let name = AccessibleName(label: "Copy public key to clipboard", title: "Button", image: Image(systemName: "doc.on.doc"))
        #expect(name.shown == "Copy public key to clipboard")
        #expect(name.spoken == "Copy public key to clipboard")
    }

    @Test func aPlaceholderTitleRanksBelowALabelWithoutAnImage() {
        for placeholder in ["Button", "Label", "Title", "Subtitle", "Text", "Item", " Button "] {
            let name = AccessibleName(label: "My Location", title: placeholder)
            #expect(name.shown == "My Location", "\(placeholder)")
            #expect(name.spoken == "My Location", "\(placeholder)")
        }
    }

    @Test func aPlaceholderTitleRanksBelowAnImage() {
        let symbol = AccessibleName(label: nil, title: "Button", image: Image(systemName: "square.and.arrow.up"))
        #expect(symbol.shown == nil)
        #expect(symbol.spoken == "square and arrow up")
        #expect(symbol.displayName == "square.and.arrow.up")
        let own = AccessibleName(label: nil, title: "Button", image: Image(named: "Logo"))
        #expect(own.shown == nil)
        #expect(own.spoken == "Logo")
        #expect(own.displayName == "Logo")
    }

    @Test func aPlaceholderTitleWithNothingElseStillNamesItsElement() {
        let name = AccessibleName(label: nil, title: "Button")
        #expect(name.shown == "Button")
        #expect(name.spoken == "Button")
    }

    @Test func translatedPlaceholdersRankBelowALabel() {
        for placeholder in ["Bouton", "Botón", "ボタン", "Étiquette", "Titel", "Текст"] {
            #expect(AccessibleName.isDesignTimeDefault(placeholder), "\(placeholder)")
            #expect(AccessibleName(label: "Play", title: placeholder).spoken == "Play", "\(placeholder)")
        }
    }

    @Test func wordsThatOnlyLookLikePlaceholdersAreTitles() {
        for title in ["Buttons", "button", "Label printer", "Title IX", "Add"] {
            #expect(!AccessibleName.isDesignTimeDefault(title), "\(title)")
            let name = AccessibleName(label: "Other", title: title, image: Image(systemName: "plus"))
            #expect(name.shown == title, "\(title)")
        }
    }

    @Test func blankLabelsAndTitlesSayNothing() {
        let name = AccessibleName(label: "  ", title: "", image: Image(systemName: "gear"))
        #expect(name.shown == nil)
        #expect(name.spoken == "gear")
        let empty = AccessibleName(label: nil, title: " ", image: nil)
        #expect(empty.shown == nil)
        #expect(empty.spoken == "")
        #expect(empty.displayName == "")
    }

    @Test func anImageWithALabelIsShownAndSpokenByIt() {
        let name = AccessibleName(Accessibility(label: "Settings"), title: nil, image: Image(systemName: "gear"))
        #expect(name.shown == "Settings")
        #expect(name.spoken == "Settings")
    }

    @Test func aSymbolIsDescribedByItsNameInWordsWithoutItsLook() {
        #expect(Image(systemName: "star.fill").spokenDescription == "star")
        #expect(Image(systemName: "plus.circle.fill").spokenDescription == "plus")
        #expect(Image(systemName: "bell.badge.fill").spokenDescription == "bell")
        #expect(Image(systemName: "circle.fill").spokenDescription == "circle")
        #expect(Image(systemName: "square.and.arrow.up").spokenDescription == "square and arrow up")
        #expect(Image(named: "star.fill").spokenDescription == nil)
    }
}
