print("storyboard")
