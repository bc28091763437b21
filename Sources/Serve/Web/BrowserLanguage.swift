import Foundation

/// The locale a browser's `Accept-Language` asks for, as the session's `LANG`: the first
/// language of the list (the browser puts the user's choice first), `de-CH` as `de_CH.UTF-8`.
/// As the SSH client's `LANG`, it only picks the app's language; anything implausible is
/// ignored.
public enum BrowserLanguage {
    /// `LANG` for the header's value, or nil.
    public static func lang(acceptLanguage header: String?) -> String? {
        guard let header, header.utf8.count <= 512 else { return nil }
        for entry in header.split(separator: ",") {
            let tag = entry.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard !tag.isEmpty, tag != "*" else { continue }
            let parts = tag.split(separator: "-")
            guard let language = parts.first, (2...3).contains(language.count),
                language.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) })
            else { return nil }
            var result = language.lowercased()
            if parts.count >= 2 {
                let region = parts[1]
                if region.count == 2, region.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) }) {
                    result += "_" + region.uppercased()
                }
            }
            return result + ".UTF-8"
        }
        return nil
    }
}
