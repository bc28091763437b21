/// A picker view (UIKit's `UIPickerView`). Its components and rows come from its data
/// source, which is code, so a storyboard alone shows a stand-in saying so.
public final class PickerView: View {}

/// A map view (MapKit's `MKMapView`): a terminal shows a labelled stand-in.
public final class MapView: View {}

/// A web view (WebKit's `WKWebView`, or the old `UIWebView`): a terminal shows a labelled
/// stand-in naming the page, when it knows one.
public final class WebView: View {
    /// The address of the page shown, when a runtime attribute or code gives one.
    public var url: String?

    public init(id: String, spec: ViewSpec? = nil, url: String? = nil) {
        self.url = url
        super.init(id: id, spec: spec)
    }
}
