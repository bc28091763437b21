/// The name an element is shown and spoken by, in VoiceOver's order: its accessibility label,
/// else its title or text, else its image's description (a symbol's name in words), else the
/// image's name.
///
/// One rule for what is drawn and what is spoken, so a screen-reader user hears the name a
/// sighted user reads. Xcode's design-time defaults ("Button", "Label", "Title", …, the text a
/// control has when it is dropped onto a scene, and their translations) say nothing of the
/// element: they rank below an image or a label, so an image button with the label "Copy" and
/// the title Xcode left on it is shown and spoken as "Copy", not "Button". A default with
/// nothing better beside it still names its element.
public struct AccessibleName: Sendable, Hashable {
    /// The words drawn for the element: its title or text, else its accessibility label; nil
    /// when only its image names it (the terminal draws the image's glyph, else its name).
    /// Drawn after the image's glyph when there is one.
    public var shown: String?
    /// What a screen reader says for the element: its label, else its title or text, else its
    /// image's description, else its name; empty when it has none of them.
    public var spoken: String
    /// The words drawn when no glyph stands for the image: `shown`, else the image's name,
    /// else empty.
    public var displayName: String

    /// The name of an element with the accessibility label `label`, the title or text `title`
    /// and the image `image`. A label or title of spaces says nothing.
    public init(label: String?, title: String?, image: Image? = nil) {
        let label = Self.words(label)
        var title = Self.words(title)
        if let text = title, image != nil || label != nil, Self.isDesignTimeDefault(text) { title = nil }
        shown = title ?? label
        spoken = label ?? title ?? image?.spokenDescription ?? image?.name ?? ""
        displayName = shown ?? image?.name ?? ""
    }

    /// The name of an element with the accessibility `accessibility`, the title or text
    /// `title` and the image `image`.
    public init(_ accessibility: Accessibility, title: String?, image: Image? = nil) {
        self.init(label: accessibility.label, title: title, image: image)
    }

    /// Whether `text` is one of the titles Xcode gives an element when it is dropped onto a
    /// scene ("Button", "Label", "Title", "Subtitle", "Text", "Item"), in English or as a
    /// translation of the storyboard commonly renders it.
    public static func isDesignTimeDefault(_ text: String) -> Bool {
        designTimeDefaults.contains(String(text.withoutOuterSpace))
    }

    /// Xcode's placeholder titles and their usual translations (German, French, Spanish,
    /// Italian, Portuguese, Dutch, Russian, Japanese, Chinese, Korean).
    static let designTimeDefaults: Set<String> = [
        // A button.
        "Button", "Bouton", "Botón", "Pulsante", "Botão", "Knop", "Кнопка", "ボタン", "按钮", "按鈕", "버튼",
        // A label.
        "Label", "Étiquette", "Etiqueta", "Etichetta", "Etikett", "Метка", "ラベル", "标签", "標籤", "레이블",
        // A cell's or a navigation item's title, a cell's subtitle.
        "Title", "Titel", "Titre", "Título", "Titolo", "Заголовок", "タイトル", "标题", "標題", "제목",
        "Subtitle", "Untertitel", "Sous-titre", "Subtítulo", "Sottotitolo", "Подзаголовок", "サブタイトル", "副标题",
        "副標題", "부제",
        // A text field's or text view's text.
        "Text", "Texte", "Texto", "Testo", "Tekst", "Текст", "テキスト", "文本", "文字", "텍스트",
        // A bar button item or tab bar item.
        "Item", "Élément", "Elemento", "Element", "Элемент", "項目", "项目", "항목",
    ]

    /// `text` when it has words in it; nil when absent or blank.
    private static func words(_ text: String?) -> String? {
        guard let text, text.contains(where: { !$0.isWhitespace }) else { return nil }
        return text
    }
}

extension Image {
    /// What a screen reader says for the image when nothing else names its element: an SF
    /// Symbol's name in words, without the parts that change only its look (`star.fill` is
    /// "star", `square.and.arrow.up` is "square and arrow up", `bell.badge` is "bell"); nil for
    /// one of the app's own images, which only its name stands for.
    public var spokenDescription: String? {
        guard isSystemSymbol else { return nil }
        var parts = name.split(separator: ".").map(String.init)
        // A badge is an extra mark on the symbol: the symbol still reads without it.
        if let badge = parts.firstIndex(of: "badge"), badge > 0 { parts.removeSubrange(badge...) }
        while parts.count > 1, let last = parts.last, Self.lookVariants.contains(last) { parts.removeLast() }
        let words = parts.joined(separator: " ")
        return words.isEmpty ? nil : words
    }

    /// Trailing name parts of an SF Symbol that change its look, not what it means.
    public static let lookVariants: Set<String> = [
        "fill", "circle", "square", "rectangle", "inverse", "portrait", "landscape",
    ]
}

extension String {
    /// The string without the white space at either end.
    fileprivate var withoutOuterSpace: Substring {
        guard let start = firstIndex(where: { !$0.isWhitespace }), let end = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return self[start...end]
    }
}
